import { sql, type Kysely } from 'kysely';
import { autoId, type Dialect } from './dialect';

// Pools of interview times per vacancy that applicants book themselves: each slot with its panel, the
// applicants it is offered to, and who booked it (one person: a unique interview, claimed by a
// conditional update). The invitation mail's editable template is marked by its purpose.
export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  await db.schema
    .createTable('interview_slots')
    .addColumn('id', autoId(kind))
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('booked_by', 'integer', (c) => c.references('applicants.id').onDelete('set null'))
    .addColumn('interview_id', 'integer', (c) => c.references('interviews.id').onDelete('set null'))
    .addColumn('booked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('interview_slots_job_idx')
    .on('interview_slots')
    .columns(['job_id', 'starts_at'])
    .execute();
  // One interview per slot, and one booked slot per applicant.
  await db.schema
    .createIndex('interview_slots_interview_unique')
    .on('interview_slots')
    .column('interview_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('interview_slots_booked_by_unique')
    .on('interview_slots')
    .column('booked_by')
    .unique()
    .execute();
  await db.schema
    .createTable('interview_slot_panel')
    .addColumn('slot_id', 'integer', (c) => c.notNull().references('interview_slots.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('interview_slot_panel_pk', ['slot_id', 'admin_id'])
    .execute();
  await db.schema
    .createTable('interview_slot_offers')
    .addColumn('slot_id', 'integer', (c) => c.notNull().references('interview_slots.id').onDelete('cascade'))
    .addColumn('applicant_id', 'integer', (c) => c.notNull().references('applicants.id').onDelete('cascade'))
    .addColumn('offered_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('interview_slot_offers_pk', ['slot_id', 'applicant_id'])
    .execute();
  await db.schema
    .createIndex('interview_slot_offers_applicant_idx')
    .on('interview_slot_offers')
    .column('applicant_id')
    .execute();
  await db.schema.alterTable('mail_templates').addColumn('purpose', 'text').execute();
  await db.schema
    .createIndex('mail_templates_purpose_unique')
    .on('mail_templates')
    .column('purpose')
    .unique()
    .execute();
  const now = new Date().toISOString();
  await sql`insert into mail_templates (name, subject, body, purpose, created_at, updated_at)
    values (${TEMPLATE.name}, ${TEMPLATE.subject}, ${TEMPLATE.body}, 'interview_slots', ${now}, ${now})`.execute(db);
}

/** The invitation to choose a time, as it read when this migration shipped (the team edits it from then on). */
const TEMPLATE = {
  name: 'Choose your interview time',
  subject: 'Choose a time to talk about the {{jobTitle}} role',
  body: `Thank you for your application for the {{jobTitle}} position. We would like to meet you for an interview with the team at {{companyName}}.

Rather than go back and forth by e-mail, please pick the time that suits you best from the ones below. Your private application page shows them in your own time zone; booking one sends you a calendar invitation straight away.

Until a day before the interview you can move to another of the offered times, or cancel, on the same page. We look forward to speaking with you.`,
};
