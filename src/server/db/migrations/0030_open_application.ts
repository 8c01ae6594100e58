import { sql, type Kysely } from 'kysely';

// The permanent "Open application" entry general applications go to (never listed publicly,
// never deleted), and the field of interest such an application names.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('vacancy'))
    .execute();
  await db.schema.alterTable('applicants').addColumn('field_of_interest', 'text').execute();
  const now = new Date().toISOString();
  await sql`insert into jobs (title, department, location, job_type, description, salary_range, created_at, updated_at, kind)
    values ('Open application', 'General', 'Any location', 'Full-time',
      'General applications from people who did not find the right vacancy.', null, ${now}, ${now}, 'open')`.execute(
    db,
  );
}
