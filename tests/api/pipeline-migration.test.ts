import { randomBytes } from 'node:crypto';
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
  const handle = await openFreshDatabase('stages');
  cleanups.push(() => handle.remove());
  return handle;
}

const at = '2026-11-01T10:00:00.000Z';

describe('migration 0024_pipeline_stages on a database holding applicants', () => {
  it('keeps every row, note, resume, index and id counter, and widens the stages', async () => {
    const handle = await freshDatabase();
    const raw = handle.db as unknown as Kysely<unknown>;
    await migrateTo(raw, handle.kind, '0023_keyed_rate_limit_keys');
    const db = handle.db;
    const job = await db
      .insertInto('jobs')
      .values({
        title: 'Firmware Engineer',
        department: 'Engineering',
        location: 'Pune',
        job_type: 'Full-time',
        description: 'Zephyr on Cortex-M.',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const [i, status] of (['pending', 'shortlisted', 'rejected'] as const).entries()) {
      const row = await sql<{ id: number }>`insert into applicants (job_id, job_title, department, name, email,
        email_key, phone, cover_letter, status, applied_at, status_changed_at, source)
        values (${job.id}, 'Firmware Engineer', 'Engineering', ${`Person ${i}`}, ${`p${i}@example.com`},
        ${`p${i}@example.com`}, '+91 98765 43210', 'A cover letter.', ${status}, ${at}, ${at}, 'direct')
        returning id`.execute(db);
      const id = Number(row.rows[0]?.id);
      ids.push(id);
      await db
        .insertInto('resumes')
        .values({
          applicant_id: id,
          kind: 'pdf',
          mime_type: 'application/pdf',
          size: 3,
          sha256: 'x',
          data: randomBytes(3),
        })
        .execute();
    }
    await db
      .insertInto('applicant_notes')
      .values({
        applicant_id: ids[1] as number,
        admin_id: null,
        author_email: 'a@example.com',
        text: 'Strong',
        created_at: at,
      })
      .execute();
    // The newest applicant is deleted: its id must never be given again.
    await db
      .deleteFrom('resumes')
      .where('applicant_id', '=', ids[2] as number)
      .execute();
    await db
      .deleteFrom('applicants')
      .where('id', '=', ids[2] as number)
      .execute();

    await migrateToLatest(raw, handle.kind);

    const rows = await db
      .selectFrom('applicants')
      .select(['id', 'status', 'name', 'rejection_reason'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [Number(r.id), r.status, r.name, r.rejection_reason])).toEqual([
      [ids[0], 'pending', 'Person 0', null],
      [ids[1], 'shortlisted', 'Person 1', null],
    ]);
    expect(await db.selectFrom('resumes').select('applicant_id').execute()).toHaveLength(2);
    expect(await db.selectFrom('applicant_notes').select('text').execute()).toEqual([{ text: 'Strong' }]);

    for (const status of ['interview', 'offer', 'hired', 'withdrawn'] as const)
      await db
        .updateTable('applicants')
        .set({ status })
        .where('id', '=', ids[0] as number)
        .execute();
    await expect(
      db
        .updateTable('applicants')
        .set({ status: 'archived' as 'hired' })
        .where('id', '=', ids[0] as number)
        .execute(),
    ).rejects.toThrow();

    const next = await sql<{ id: number }>`insert into applicants (job_id, job_title, department, name, email,
      email_key, phone, cover_letter, status, applied_at, status_changed_at, source)
      values (${job.id}, 'Firmware Engineer', 'Engineering', 'Person 3', 'p3@example.com', 'p3@example.com',
      '+91 98765 43210', 'A cover letter.', 'interview', ${at}, ${at}, 'direct') returning id`.execute(db);
    expect(Number(next.rows[0]?.id)).toBeGreaterThan(ids[2] as number);

    // The same (job, e-mail) twice is still refused, and deleting an applicant still takes its resume and notes.
    await expect(
      sql`insert into applicants (job_id, job_title, department, name, email, email_key, phone, cover_letter,
        applied_at, source) values (${job.id}, 'F', 'E', 'Dup', 'p0@example.com', 'p0@example.com', '1', 'c', ${at}, 'direct')`.execute(
        db,
      ),
    ).rejects.toThrow();
    await db
      .deleteFrom('applicants')
      .where('id', '=', ids[1] as number)
      .execute();
    expect(await db.selectFrom('applicant_notes').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('resumes').select('applicant_id').execute()).toHaveLength(1);

    if (handle.kind === 'sqlite') {
      const { rows: indexes } = await sql<{ name: string }>`select name from sqlite_master
        where type = 'index' and tbl_name = 'applicants' and sql is not null order by name`.execute(db);
      // Later migrations add indexes of their own; none of those from before the rebuild may go.
      expect(indexes.map((i) => i.name)).toEqual(
        expect.arrayContaining(['applicants_applied_at_idx', 'applicants_status_changed_idx']),
      );
    } else {
      const { rows: indexes } = await sql<{ indexname: string }>`select indexname from pg_indexes
        where tablename = 'applicants' order by indexname`.execute(db);
      expect(indexes.map((i) => i.indexname)).toEqual(
        expect.arrayContaining([
          'applicants_applied_at_idx',
          'applicants_job_email_unique',
          'applicants_pkey',
          'applicants_status_changed_idx',
        ]),
      );
    }
  });
});
