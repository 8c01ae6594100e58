import { describe, expect, it } from 'vitest';
import { filterApplicants, countByStatus, jobChoices, NO_FILTER } from '~/islands/admin/applicants/filter';
import { startOfWeek, weeklyApplications } from '~/islands/admin/chart/weekly';
import { chartSummary } from '~/islands/admin/chart/ApplicationsChart';
import { filenameFromDisposition } from '~/lib/api/applicants';
import type { Applicant } from '~/lib/schemas';

const applicant = (over: Partial<Applicant>): Applicant => ({
  id: 1,
  jobId: 10,
  jobTitle: 'Embedded ML Engineer',
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

const people = [
  applicant({
    id: 1,
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    jobId: 10,
    jobTitle: 'Rover Firmware',
    status: 'pending',
  }),
  applicant({
    id: 2,
    name: 'Grace Hopper',
    email: 'grace@navy.example',
    jobId: 10,
    jobTitle: 'Rover Firmware',
    status: 'shortlisted',
  }),
  applicant({
    id: 3,
    name: 'Alan Turing',
    email: 'alan@example.org',
    jobId: 20,
    jobTitle: 'Vision Researcher',
    status: 'rejected',
  }),
];
const ids = (list: Applicant[]) => list.map((a) => a.id);

describe('admin › applicants › filterApplicants', () => {
  it('combines status and job (the server searches the words)', () => {
    expect(ids(filterApplicants(people, { status: 'shortlisted', jobId: 10, overdue: false }))).toEqual([2]);
    expect(ids(filterApplicants(people, { status: 'rejected', jobId: 10, overdue: false }))).toEqual([]);
    expect(ids(filterApplicants(people, NO_FILTER))).toEqual([1, 2, 3]);
  });

  it('keeps only the overdue applicants when the overdue filter is on', () => {
    const marked = people.map((a) => ({ ...a, overdue: a.id === 2 }));
    expect(ids(filterApplicants(marked, { ...NO_FILTER, overdue: true }))).toEqual([2]);
    expect(ids(filterApplicants(marked, { ...NO_FILTER, status: 'pending', overdue: true }))).toEqual([]);
  });

  it('counts every applicant by status', () => {
    expect(countByStatus(people)).toEqual({
      total: 3,
      pending: 1,
      shortlisted: 1,
      interview: 0,
      offer: 0,
      hired: 0,
      rejected: 1,
      withdrawn: 0,
    });
  });

  it('offers every vacancy, closed ones marked, plus deleted ones that still have applicants', () => {
    expect(jobChoices([{ id: 10, title: 'Rover Firmware' }], people)).toEqual([
      { id: 10, label: 'Rover Firmware' },
      { id: 20, label: 'Vision Researcher (deleted)' },
    ]);
    expect(
      jobChoices(
        [
          { id: 10, title: 'Rover Firmware', status: 'closed' },
          { id: 20, title: 'Vision Researcher', status: 'open' },
        ],
        people,
      ),
    ).toEqual([
      { id: 10, label: 'Rover Firmware (closed)' },
      { id: 20, label: 'Vision Researcher' },
    ]);
  });
});

describe('admin › chart › weeklyApplications', () => {
  const now = new Date(2026, 10, 22, 21, 0); // Sunday 22 Nov 2026, local time

  it('starts weeks on Monday', () => {
    expect(startOfWeek(now)).toEqual(new Date(2026, 10, 16));
    expect(startOfWeek(new Date(2026, 10, 16, 0, 0))).toEqual(new Date(2026, 10, 16));
  });

  it('puts each application in its week by status and leaves out older ones', () => {
    const weeks = weeklyApplications(
      [
        { appliedAt: new Date(2026, 10, 16, 9).toISOString(), status: 'pending' },
        { appliedAt: new Date(2026, 10, 22, 23).toISOString(), status: 'rejected' },
        { appliedAt: new Date(2026, 10, 15, 23).toISOString(), status: 'shortlisted' },
        { appliedAt: new Date(2026, 7, 30).toISOString(), status: 'pending' }, // 12 weeks + 1 day back: out
        { appliedAt: new Date(2026, 7, 31).toISOString(), status: 'pending' }, // first day of the first week
      ],
      now,
    );
    expect(weeks).toHaveLength(12);
    expect(weeks[0]?.start).toEqual(new Date(2026, 7, 31));
    expect(weeks[11]).toMatchObject({ total: 2, pending: 1, rejected: 1, shortlisted: 0 });
    expect(weeks[10]).toMatchObject({ total: 1, shortlisted: 1 });
    expect(weeks[0]).toMatchObject({ total: 1, pending: 1 });
    expect(weeks.reduce((sum, w) => sum + w.total, 0)).toBe(4);
  });

  it('summarises the trend in one sentence', () => {
    const weeks = weeklyApplications(
      [
        { appliedAt: new Date(2026, 10, 18).toISOString(), status: 'pending' },
        { appliedAt: new Date(2026, 10, 10).toISOString(), status: 'pending' },
        { appliedAt: new Date(2026, 10, 11).toISOString(), status: 'rejected' },
      ],
      now,
    );
    expect(chartSummary(weeks)).toBe(
      '3 applications in the last 12 weeks. This week: 1, down from 2 last week. Busiest week: 9 Nov with 2.',
    );
    expect(chartSummary(weeklyApplications([], now))).toBe('No applications in the last 12 weeks.');
  });
});

describe('admin › resume download › filenameFromDisposition', () => {
  it('prefers the UTF-8 name, falls back to the quoted or bare one', () => {
    expect(
      filenameFromDisposition(`attachment; filename="Jose_Resume.docx"; filename*=UTF-8''Jos%C3%A9_Resume.docx`),
    ).toBe('José_Resume.docx');
    expect(filenameFromDisposition('attachment; filename="Ada Lovelace_Resume.pdf"')).toBe('Ada Lovelace_Resume.pdf');
    expect(filenameFromDisposition('attachment; filename=cv.doc')).toBe('cv.doc');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
