import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobMessages, type Job } from '~/lib/schemas';
import { getJobById, listJobs } from '~/server/db';
import { apply, applicationForm, call, createJobViaApi, setupApi, validJob, type TestApi } from '../../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(async () => {
  await api.close();
});

describe('jobs API', () => {
  it('lists no jobs on a fresh database as { jobs: [] }', async () => {
    const res = await call(api.app, 'GET', '/api/job');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ jobs: [] });
  });

  it('creates a job with every field and answers 201 with its success text', async () => {
    const res = await call(api.app, 'POST', '/api/job', { token: api.token, json: validJob });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { message: string; job: Job };
    expect(body.message).toBe('Job created successfully!');
    expect(body.job).toMatchObject({ ...validJob, id: expect.any(Number) });
    expect(new Date(body.job.created_at).toISOString()).toBe(body.job.created_at);
  });

  it('stores an empty salaryRange as null and trims text fields', async () => {
    const res = await call(api.app, 'POST', '/api/job', {
      token: api.token,
      json: { ...validJob, title: '  Intern  ', jobType: 'Internship', salaryRange: '' },
    });
    const { job } = (await res.json()) as { job: Job };
    expect(job.title).toBe('Intern');
    expect(job.salaryRange).toBeNull();
  });

  it('lists jobs newest first', async () => {
    await createJobViaApi(api, { title: 'Newest Role' });
    const { jobs } = (await (await call(api.app, 'GET', '/api/job')).json()) as { jobs: Job[] };
    expect(jobs[0]?.title).toBe('Newest Role');
    const stamps = jobs.map((j) => j.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
  });

  it('sends an ETag with short public caching and answers 304 to If-None-Match', async () => {
    const first = await call(api.app, 'GET', '/api/job');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toMatch(/public/);
    const again = await call(api.app, 'GET', '/api/job', { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    await createJobViaApi(api, { title: 'Changes The List' });
    const changed = await call(api.app, 'GET', '/api/job', { headers: { 'If-None-Match': etag ?? '' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('updates a job with its success text', async () => {
    const job = await createJobViaApi(api);
    const res = await call(api.app, 'PUT', `/api/job/${job.id}`, {
      token: api.token,
      json: { ...validJob, title: 'Senior Embedded AI Engineer', jobType: 'Contract' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; job: Job };
    expect(body.message).toBe('Job updated successfully!');
    expect(body.job).toMatchObject({ id: job.id, title: 'Senior Embedded AI Engineer', jobType: 'Contract' });
    expect((await getJobById(api.db, job.id))?.title).toBe('Senior Embedded AI Engineer');
  });

  it('answers 404 "Job not found" to update or delete of an unknown id', async () => {
    for (const [method, json] of [
      ['PUT', validJob],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(api.app, method, '/api/job/999999', { token: api.token, json });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Job not found' });
    }
  });

  it('rejects a job without required fields with 400 and a message per field', async () => {
    const res = await call(api.app, 'POST', '/api/job', { token: api.token, json: { salaryRange: '10' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    expect(Object.keys(body.errors).sort()).toEqual(['department', 'description', 'jobType', 'location', 'title']);
    expect(body.errors['title']).toBe('Title is required');
  });

  it('rejects a jobType outside the five options', async () => {
    const res = await call(api.app, 'POST', '/api/job', {
      token: api.token,
      json: { ...validJob, jobType: 'Freelance' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors['jobType']).toMatch(
      /^Job type must be one of/,
    );
  });

  it.each([
    ['more than 2,000 emphasis and link marks', '*a'.repeat(10_000), jobMessages.descriptionTooManyMarks],
    ['lists nested deeper than a page can show', '- '.repeat(100), jobMessages.descriptionTooDeep],
  ])('refuses a description with %s, at the field, and keeps the saved job', async (_label, description, message) => {
    const job = await createJobViaApi(api, { title: 'Kept As Saved' });
    for (const [method, path] of [
      ['POST', '/api/job'],
      ['PUT', `/api/job/${job.id}`],
    ] as const) {
      const res = await call(api.app, method, path, { token: api.token, json: { ...validJob, description } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({ description: message });
    }
    expect((await getJobById(api.db, job.id))?.description).toBe(validJob.description);
  });

  it('accepts a long description of ordinary formatting: 2,000 marks, lists nested three deep', async () => {
    const item = '- **Zephyr** and _FreeRTOS_\n  - [HAL](https://example.com/hal)\n    - DMA\n';
    const description = item.repeat(250);
    const res = await call(api.app, 'POST', '/api/job', { token: api.token, json: { ...validJob, description } });
    expect(res.status).toBe(201);
  });

  it('answers 415 to a job sent as a form and 400 to malformed JSON', async () => {
    const form = await call(api.app, 'POST', '/api/job', {
      token: api.token,
      body: 'title=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const broken = await call(api.app, 'POST', '/api/job', {
      token: api.token,
      body: '{"title":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'Malformed JSON in request body' });
  });

  it('deletes a job with its success text and keeps its applicants with their job snapshot', async () => {
    const job = await createJobViaApi(api, { title: 'Drone Autonomy Lead', department: 'Robotics' });
    expect((await apply(api, applicationForm(job.id))).status).toBe(201);
    const res = await call(api.app, 'DELETE', `/api/job/${job.id}`, { token: api.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Job deleted successfully!' });
    expect(await getJobById(api.db, job.id)).toBeNull();
    const list = await call(api.app, 'GET', '/api/applicants', { token: api.token });
    const { applicants } = (await list.json()) as {
      applicants: { jobId: number; jobTitle: string; department: string }[];
    };
    expect(applicants).toContainEqual(
      expect.objectContaining({ jobId: job.id, jobTitle: 'Drone Autonomy Lead', department: 'Robotics' }),
    );
  });

  it('reads one job publicly at /api/job/:id and via getJobById/listJobs', async () => {
    const job = await createJobViaApi(api, { title: 'Vision Engineer' });
    const res = await call(api.app, 'GET', `/api/job/${job.id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { job: Job }).job.title).toBe('Vision Engineer');
    expect((await getJobById(api.db, job.id))?.title).toBe('Vision Engineer');
    expect((await listJobs(api.db)).some((j) => j.id === job.id)).toBe(true);
    expect((await call(api.app, 'GET', '/api/job/0')).status).toBe(404);
  });
});
