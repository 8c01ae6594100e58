import { sql, type Kysely } from 'kysely';

// Everyone ever on an interview's panel: who owes a scorecard keeps owing it after leaving the
// panel, so leaving and rejoining shows no one the others' cards. Today's panels start it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('interview_panel_history')
    .addColumn('interview_id', 'integer', (c) => c.notNull().references('interviews.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('interview_panel_history_pk', ['interview_id', 'admin_id'])
    .execute();
  await sql`insert into interview_panel_history (interview_id, admin_id)
    select interview_id, admin_id from interview_panel`.execute(db);
}
