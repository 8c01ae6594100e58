import { describe, expect, it } from 'vitest';
import { jobPageState, type JobPagesStore } from '~/lib/job-pages';

/** A store whose every read fails with `error`, as the server's does while its database cannot answer. */
const failing = (error: Error): JobPagesStore => ({
  getJob: () => Promise.reject(error),
  wasDeleted: () => Promise.reject(error),
  listJobs: () => Promise.reject(error),
});
const state = (error: Error) =>
  jobPageState(failing(error), '7-engineer', new URL('http://localhost/career/jobs/7'), null);

describe('a job page while the database cannot answer', () => {
  it("answers the server's copy of JobPagesUnavailable (another bundle's class, known by its name) with its status and Retry-After", async () => {
    const fromServer = Object.assign(new Error('down'), {
      name: 'JobPagesUnavailable',
      status: 503,
      retryAfterSeconds: 5,
    });
    expect(await state(fromServer)).toEqual({
      kind: 'unavailable',
      status: 503,
      headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' },
    });
  });

  it('lets any other failure through (a 500)', async () => {
    await expect(state(new Error('a bug'))).rejects.toThrow('a bug');
  });
});
