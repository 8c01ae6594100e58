import { sql, type Kysely } from 'kysely';

// When each private-page and job-alert token was last used, so one left idle stops working;
// a token issued before counts as used when it was issued.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['application_tokens', 'job_alert_tokens']) {
    await db.schema.alterTable(table).addColumn('last_used_at', 'text').execute();
    await sql`update ${sql.table(table)} set last_used_at = created_at`.execute(db);
  }
}
