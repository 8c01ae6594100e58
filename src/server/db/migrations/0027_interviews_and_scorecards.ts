import { sql, type Kysely } from 'kysely';
import { autoId, type Dialect } from './dialect';

// Interviews with their panel, the panel's scorecards (both go with the applicant), the
// calendar invitation a mail carries, and the criteria each vacancy's scorecards rate.
export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  await db.schema
    .createTable('interviews')
    .addColumn('id', autoId(kind))
    .addColumn('applicant_id', 'integer', (c) => c.notNull().references('applicants.id').onDelete('cascade'))
    .addColumn('uid', 'text', (c) => c.notNull().unique())
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('interviews_applicant_idx')
    .on('interviews')
    .columns(['applicant_id', 'starts_at'])
    .execute();
  await db.schema
    .createTable('interview_panel')
    .addColumn('interview_id', 'integer', (c) => c.notNull().references('interviews.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('interview_panel_pk', ['interview_id', 'admin_id'])
    .execute();
  await db.schema
    .createTable('scorecards')
    .addColumn('id', autoId(kind))
    .addColumn('interview_id', 'integer', (c) => c.notNull().references('interviews.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('author_email', 'text', (c) => c.notNull())
    .addColumn('recommendation', 'text', (c) =>
      c.notNull().check(sql`recommendation in ('strong_no', 'no', 'yes', 'strong_yes')`),
    )
    .addColumn('ratings', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('scorecards_author_unique', ['interview_id', 'admin_id'])
    .execute();
  await db.schema.alterTable('outbox').addColumn('calendar', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('scorecard_criteria', 'text').execute();
}
