import { sql, type Kysely } from 'kysely';
import { autoId, type Dialect } from './dialect';

// The hiring team's mail templates to applicants, with three to start from.
export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  await db.schema
    .createTable('mail_templates')
    .addColumn('id', autoId(kind))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  for (const t of TEMPLATES)
    await sql`insert into mail_templates (name, subject, body, created_at, updated_at)
      values (${t.name}, ${t.subject}, ${t.body}, ${now}, ${now})`.execute(db);
}

/** The three templates as they read when this migration shipped (the team edits them from then on). */
const TEMPLATES = [
  {
    name: 'Rejection',
    subject: 'Your application for {{jobTitle}} at {{companyName}}',
    body: `Thank you for applying for the {{jobTitle}} position and for the time you gave to your application.

We have read it carefully and compared it with the needs of the role. We have decided not to take your application further this time.

This is no judgement of your abilities: we receive many strong applications and can invite only a few people. We would be glad to hear from you again when another role at {{companyName}} matches your experience.

We wish you every success in your search.`,
  },
  {
    name: 'Invitation to talk',
    subject: "Let's talk about the {{jobTitle}} role",
    body: `Thank you for your application for the {{jobTitle}} position. We enjoyed reading it and would like to get to know you in a first conversation of about 30 minutes, by video call.

We will talk about your experience, what you are looking for, and the work of the team at {{companyName}}; there is plenty of time for your questions too.

Please reply to this e-mail with two or three times in the coming week that suit you, and the time zone you are in. We will confirm one and send you the link.`,
  },
  {
    name: 'Offer call',
    subject: 'Good news about the {{jobTitle}} role',
    body: `Thank you for the time you spent with us over the past weeks. The team enjoyed every conversation, and we would like to offer you the {{jobTitle}} position at {{companyName}}.

Before we send the written offer, we would like to walk you through it on a call: the role, the salary and benefits, your start date, and anything else you would like to know.

Please reply with a few times that suit you in the next days. We look forward to speaking with you.`,
  },
];
