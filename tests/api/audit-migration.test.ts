/**
 * Migration 0038 on a trail written before it: rejection reasons and team members' addresses
 * leave the rows, everything else stays as it was, and the trail refuses updates again afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DbHandle } from '~/server/db';
import { migrateTo } from '~/server/db/migrations';
import { createPgDatabase, TEST_DATABASE_URL } from '../../support/api';

const at = '2026-11-01T10:00:00.000Z';
/** Rows as the code before 0038 wrote them, and what each must read afterwards. */
const ROWS: { action: string; subject: number | null; before: string; after: string }[] = [
  {
    action: 'applicant.status_changed',
    subject: 7,
    before: 'moved from Interview to Rejected (reason: Salary expectations too far apart)',
    after: 'moved from Interview to Rejected',
  },
  {
    action: 'applicant.status_changed',
    subject: 7,
    before: 'moved from Applied to Interview',
    after: 'moved from Applied to Interview',
  },
  {
    action: 'team.invited',
    subject: 3,
    before: 'invited new.recruiter@example.com as recruiter',
    after: 'invited team member #3 as recruiter',
  },
  {
    action: 'team.reinvited',
    subject: 3,
    before: 'sent new.recruiter@example.com a new invitation link',
    after: 'sent team member #3 a new invitation link',
  },
  {
    action: 'team.role_changed',
    subject: 4,
    before: 'changed leaving@example.com from recruiter to viewer',
    after: 'changed team member #4 from recruiter to viewer',
  },
  {
    action: 'team.removed',
    subject: 4,
    before: 'removed leaving@example.com (viewer)',
    after: 'removed team member #4 (viewer)',
  },
  {
    action: 'admin.created',
    subject: null,
    before: 'created admin #5 (first@example.com) with the admin CLI',
    after: 'created admin #5 with the admin CLI',
  },
  {
    action: 'admin.deleted',
    subject: null,
    before: 'deleted admin #6 (second@example.com) with the admin CLI',
    after: 'deleted admin #6 with the admin CLI',
  },
  { action: 'logout', subject: null, before: 'Logged out', after: 'Logged out' },
];

describe('migration 0038_audit_without_personal_data', () => {
  let handle: DbHandle;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-audit-migration-'));
    const pg = TEST_DATABASE_URL ? await createPgDatabase(TEST_DATABASE_URL) : null;
    handle = openDatabase({ dataDir, databaseUrl: pg?.url, poolSize: 2 });
    cleanup = async () => {
      await handle.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => {
    await cleanup();
  });

  it('takes reasons and addresses out of the rows written before, keeps the rest, and stays append-only', async () => {
    const raw = handle.db as unknown as Kysely<unknown>;
    await migrateTo(raw, handle.kind, '0037_scrub_freed_pages');
    for (const row of ROWS)
      await handle.db
        .insertInto('audit_log')
        .values({
          at,
          admin_id: null,
          admin_email: 'owner@example.com',
          action: row.action,
          subject_type: row.subject === null ? null : row.action.startsWith('team') ? 'admin' : 'applicant',
          subject_id: row.subject,
          summary: row.before,
        })
        .execute();

    await migrateToLatest(raw, handle.kind);

    const rows = await handle.db
      .selectFrom('audit_log')
      .select(['action', 'summary', 'admin_email'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.summary)).toEqual(ROWS.map((r) => r.after));
    // Who acted stays: the trail accounts for the team's work.
    expect(rows.every((r) => r.admin_email === 'owner@example.com')).toBe(true);
    await expect(sql`update audit_log set summary = 'changed'`.execute(handle.db)).rejects.toThrow(/append-only/);
  });
});
