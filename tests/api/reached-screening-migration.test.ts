/**
 * Migration 0035 records when each applicant already in the database first reached Screening or
 * a later stage, from the status changes the audit trail kept, so the Sources report counts the
 * applicants who moved on or were rejected after screening before the column existed.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { migrateToLatest } from '~/server/db';
import { migrateTo } from '~/server/db/migrations';
import { openFreshDatabase } from '../../support/api';

const handle = await openFreshDatabase('reached');
afterAll(() => handle.remove());

const applied = '2026-10-01T10:00:00.000Z';
const screened = '2026-10-05T10:00:00.000Z';
const later = '2026-10-09T10:00:00.000Z';

it('sets the first screening or later move from the audit trail, the stage for the rest, nothing for the unscreened', async () => {
  const db = handle.db;
  await migrateTo(db as unknown as Kysely<unknown>, handle.kind, '0034_token_last_use');
  const job = await db
    .insertInto('jobs')
    .values({
      title: 'Firmware Engineer',
      department: 'Engineering',
      location: 'Pune',
      job_type: 'Full-time',
      description: 'Zephyr on Cortex-M.',
      created_at: applied,
      updated_at: applied,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: Record<string, number> = {};
  const people = {
    // Screened, interviewed, then rejected: the audit trail has both moves.
    rejectedAfterInterview: { status: 'rejected', changed: later },
    // Rejected under the old wording, from shortlisted, before the stages had labels.
    rejectedOldWording: { status: 'rejected', changed: later },
    rejectedStraight: { status: 'rejected', changed: later },
    // Hired, its audit entries past their limit: the stage itself says it got that far.
    hiredNoTrail: { status: 'hired', changed: later },
    pending: { status: 'pending', changed: applied },
  };
  for (const [name, { status, changed }] of Object.entries(people)) {
    const row = await sql<{ id: number }>`insert into applicants (job_id, job_title, department, name, email,
      email_key, phone, cover_letter, status, applied_at, status_changed_at, source)
      values (${job.id}, 'Firmware Engineer', 'Engineering', ${name}, ${`${name}@example.com`},
      ${`${name}@example.com`}, '+91 98765 43210', 'A cover letter.', ${status}, ${applied}, ${changed}, 'direct')
      returning id`.execute(db);
    ids[name] = Number(row.rows[0]?.id);
  }
  const moves: [string, string, string][] = [
    ['rejectedAfterInterview', screened, 'moved from Applied to Screening'],
    ['rejectedAfterInterview', later, 'moved from Interview to Rejected (reason: The position has been filled)'],
    ['rejectedOldWording', later, 'changed status from shortlisted to rejected'],
    ['rejectedStraight', later, 'moved from Applied to Rejected (reason: Not enough relevant experience)'],
  ];
  for (const [name, at, summary] of moves)
    await db
      .insertInto('audit_log')
      .values({
        at,
        admin_id: null,
        admin_email: null,
        action: 'applicant.status_changed',
        subject_type: 'applicant',
        subject_id: ids[name]!,
        summary,
      })
      .execute();

  await migrateToLatest(db as unknown as Kysely<unknown>, handle.kind);
  const rows = await db.selectFrom('applicants').select(['name', 'reached_screening_at']).orderBy('id').execute();
  expect(Object.fromEntries(rows.map((r) => [r.name, r.reached_screening_at]))).toEqual({
    rejectedAfterInterview: screened,
    rejectedOldWording: later,
    rejectedStraight: null,
    hiredNoTrail: later,
    pending: null,
  });
});
