import { describe, expect, it } from 'vitest';
import { nextSort, sortApplicants } from '~/islands/admin/applicants/table-sort';
import type { Applicant } from '~/lib/schemas';

const NO_CARDS = { strong_no: 0, no: 0, yes: 0, strong_yes: 0 };

const applicant = (over: Partial<Applicant>): Applicant => ({
  id: 1,
  jobId: 10,
  jobTitle: 'Rover Firmware',
  department: 'Engineering',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  phone: '+91 98765 43210',
  linkedin: null,
  coverLetter: 'x'.repeat(60),
  status: 'pending',
  appliedAt: '2026-11-20T10:00:00.000Z',
  statusChangedAt: '2026-11-20T10:00:00.000Z',
  source: 'direct',
  rejectionReason: null,
  resume: { kind: 'pdf', size: 1200, text: 'ready' },
  ...over,
});

const ids = (list: readonly Applicant[]) => list.map((a) => a.id);

describe('the applicants table order', () => {
  it('sorts ascending on a first click and turns round on the next; another column starts ascending', () => {
    const byName = nextSort(null, 'name');
    expect(byName).toEqual({ column: 'name', direction: 'ascending' });
    expect(nextSort(byName, 'name')).toEqual({ column: 'name', direction: 'descending' });
    expect(nextSort(nextSort(byName, 'name'), 'name')).toEqual({ column: 'name', direction: 'ascending' });
    expect(nextSort({ column: 'applied', direction: 'descending' }, 'job')).toEqual({
      column: 'job',
      direction: 'ascending',
    });
  });

  it('keeps the list order without a sort, and never changes the list it was given', () => {
    const list = [applicant({ id: 2, name: 'Zoe' }), applicant({ id: 1, name: 'Anil' })];
    expect(sortApplicants(list, null)).toBe(list);
    expect(ids(sortApplicants(list, { column: 'name', direction: 'ascending' }))).toEqual([1, 2]);
    expect(ids(list)).toEqual([2, 1]);
  });

  it('sorts names without regard to case or accents, numbers by value', () => {
    const list = [
      applicant({ id: 1, name: 'émile' }),
      applicant({ id: 2, name: 'Zoe' }),
      applicant({ id: 3, name: 'anil 10' }),
      applicant({ id: 4, name: 'Anil 9' }),
    ];
    expect(ids(sortApplicants(list, { column: 'name', direction: 'ascending' }))).toEqual([4, 3, 1, 2]);
    expect(ids(sortApplicants(list, { column: 'name', direction: 'descending' }))).toEqual([2, 1, 3, 4]);
  });

  it('sorts stages along the pipeline, not by their words', () => {
    const list = [
      applicant({ id: 1, status: 'rejected' }),
      applicant({ id: 2, status: 'interview' }),
      applicant({ id: 3, status: 'pending' }),
      applicant({ id: 4, status: 'offer' }),
    ];
    expect(ids(sortApplicants(list, { column: 'stage', direction: 'ascending' }))).toEqual([3, 2, 4, 1]);
  });

  it('sorts by dates; an applicant without recorded activity counts from applying', () => {
    const list = [
      applicant({ id: 1, appliedAt: '2026-11-01T09:00:00.000Z', lastActivityAt: '2026-11-25T09:00:00.000Z' }),
      applicant({ id: 2, appliedAt: '2026-11-10T09:00:00.000Z' }),
      applicant({ id: 3, appliedAt: '2026-11-05T09:00:00.000Z', lastActivityAt: '2026-11-06T09:00:00.000Z' }),
    ];
    expect(ids(sortApplicants(list, { column: 'applied', direction: 'descending' }))).toEqual([2, 3, 1]);
    expect(ids(sortApplicants(list, { column: 'activity', direction: 'descending' }))).toEqual([1, 2, 3]);
  });

  it('sorts scorecards by their mean verdict, none below every verdict, ties in the list order', () => {
    const list = [
      applicant({ id: 1, scorecards: { ...NO_CARDS, no: 2 } }),
      applicant({ id: 2, scorecards: NO_CARDS }),
      applicant({ id: 3, scorecards: { ...NO_CARDS, strong_yes: 1, no: 1 } }),
      applicant({ id: 4, scorecards: { ...NO_CARDS, yes: 1 } }),
      applicant({ id: 5 }),
      applicant({ id: 6, scorecards: { ...NO_CARDS, strong_no: 1 } }),
    ];
    expect(ids(sortApplicants(list, { column: 'scorecards', direction: 'descending' }))).toEqual([4, 3, 1, 6, 2, 5]);
    expect(ids(sortApplicants(list, { column: 'scorecards', direction: 'ascending' }))).toEqual([2, 5, 6, 1, 3, 4]);
  });
});
