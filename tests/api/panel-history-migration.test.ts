import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type DbHandle } from '~/server/db';
import { migrateTo } from '~/server/db/migrations';
import { openFreshDatabase } from '../../support/api';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh database of the kind this run tests (SQLite, or PostgreSQL in the api-postgres project). */
async function freshDatabase(): Promise<DbHandle> {
  const handle = await openFreshDatabase('panels');
  cleanups.push(() => handle.remove());
  return handle;
}

const at = '2026-11-01T10:00:00.000Z';

describe('the panel history migration on a database holding interviews', () => {
  it('counts today’s panels as ever on them, and leaves with the interview', async () => {
    const handle = await freshDatabase();
    const raw = handle.db as unknown as Kysely<unknown>;
    await migrateTo(raw, handle.kind, '0032_job_alert_reminders');
    const db = handle.db;
    const admins: number[] = [];
    for (const email of ['ana@example.com', 'ben@example.com', 'cy@example.com'])
      admins.push(
        Number(
          (
            await db
              .insertInto('admins')
              .values({ email, password_hash: 'x', created_at: at, role: 'recruiter' })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        ),
      );
    const applicant = await sql<{ id: number }>`insert into applicants (job_id, job_title, department, name, email,
      email_key, phone, cover_letter, status, applied_at, status_changed_at, source)
      values (1, 'Firmware Engineer', 'Engineering', 'Person', 'p@example.com', 'p@example.com',
      '+91 98765 43210', 'A cover letter.', 'interview', ${at}, ${at}, 'direct') returning id`.execute(db);
    const interviews: number[] = [];
    for (const uid of ['a@example.com', 'b@example.com'])
      interviews.push(
        Number(
          (
            await db
              .insertInto('interviews')
              .values({
                applicant_id: Number(applicant.rows[0]?.id),
                uid,
                starts_at: at,
                duration_minutes: 60,
                location: 'Room 3',
                note: null,
                time_zone: 'UTC',
                created_at: at,
                updated_at: at,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        ),
      );
    const [first, second] = interviews as [number, number];
    const [ana, ben, cy] = admins as [number, number, number];
    await db
      .insertInto('interview_panel')
      .values([
        { interview_id: first, admin_id: ana },
        { interview_id: first, admin_id: ben },
        { interview_id: second, admin_id: cy },
      ])
      .execute();

    await migrateToLatest(raw, handle.kind);

    const history = () =>
      db
        .selectFrom('interview_panel_history')
        .select(['interview_id', 'admin_id'])
        .orderBy('interview_id')
        .orderBy('admin_id')
        .execute()
        .then((rows) => rows.map((r) => [Number(r.interview_id), Number(r.admin_id)]));
    expect(await history()).toEqual([
      [first, ana],
      [first, ben],
      [second, cy],
    ]);
    await db.deleteFrom('interviews').where('id', '=', first).execute();
    expect(await history()).toEqual([[second, cy]]);
  });
});
