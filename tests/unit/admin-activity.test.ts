import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '~/lib/privacy';
import { groupActivity, timeRange } from '~/islands/admin/activity/group';

let id = 0;
const entry = (action: AuditEntry['action'], adminId: number | null, at: string): AuditEntry => ({
  id: ++id,
  at,
  adminId,
  adminEmail: adminId === null ? null : `admin${adminId}@example.com`,
  adminName: null,
  action,
  subjectType: null,
  subjectId: null,
  summary: 'listed 3 applicants',
});

describe('admin › activity › groupActivity', () => {
  it('folds a run of list views by one admin into one row per kind of list, and nothing else', () => {
    const trail = [
      entry('applicants.listed', 1, '2026-11-22T10:15:00Z'),
      entry('messages.listed', 1, '2026-11-22T10:15:00Z'),
      entry('applicants.listed', 1, '2026-11-22T10:09:00Z'),
      entry('messages.listed', 1, '2026-11-22T10:09:00Z'),
      entry('applicants.listed', 1, '2026-11-22T10:02:00Z'),
      entry('applicants.listed', 2, '2026-11-22T10:00:00Z'),
      entry('applicant.viewed', 1, '2026-11-22T09:59:00Z'),
      entry('applicant.viewed', 1, '2026-11-22T09:58:00Z'),
      entry('applicants.listed', 1, '2026-11-22T09:57:00Z'),
    ];
    const rows = groupActivity(trail);
    const shape = rows.map((r) => (r.kind === 'views' ? [r.entries[0]?.action, r.entries.length] : r.entry.action));
    expect(shape).toEqual([
      ['applicants.listed', 3],
      ['messages.listed', 2],
      'applicants.listed',
      'applicant.viewed',
      'applicant.viewed',
      'applicants.listed',
    ]);
    // Every entry is still there.
    const ids = (list: readonly AuditEntry[]) => list.map((e) => e.id).sort((a, b) => a - b);
    expect(ids(rows.flatMap((r) => (r.kind === 'views' ? r.entries : [r.entry])))).toEqual(ids(trail));
  });

  it('never folds entries without an admin', () => {
    const rows = groupActivity([
      entry('applicants.listed', null, '2026-11-22T10:02:00Z'),
      entry('applicants.listed', null, '2026-11-22T10:01:00Z'),
    ]);
    expect(rows.map((r) => r.kind)).toEqual(['entry', 'entry']);
  });

  it('writes the time range within a day and across days', () => {
    expect(timeRange(new Date(2026, 10, 22, 10, 15).toISOString(), new Date(2026, 10, 22, 10, 2).toISOString())).toBe(
      '10:02–10:15',
    );
    expect(timeRange(new Date(2026, 10, 22, 10, 2).toISOString(), new Date(2026, 10, 22, 10, 2).toISOString())).toBe(
      '10:02',
    );
    expect(timeRange(new Date(2026, 10, 23, 0, 10).toISOString(), new Date(2026, 10, 22, 23, 50).toISOString())).toBe(
      '22 Nov, 23:50 – 23 Nov, 00:10',
    );
  });
});
