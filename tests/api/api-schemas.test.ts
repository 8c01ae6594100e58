import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantSchema, contactMessageSchema, jobListSchema } from '~/lib/schemas';
import { apply, applicationForm, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

/** The islands are typed from the shared schemas: the API's answers must match them. */
let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
  const job = await createJobViaApi(api);
  expect((await apply(api, applicationForm(job.id))).status).toBe(201);
  const message = { name: 'Priya Raman', email: 'priya@example.com', subject: 'Pilot', message: 'Tell me more.' };
  expect((await call(api.app, 'POST', '/api/contact', { json: message })).status).toBe(201);
});
afterAll(async () => {
  await api.close();
});

describe('API answers match the shared schemas', () => {
  it('GET /api/job answers a job list', async () => {
    const body: unknown = await (await call(api.app, 'GET', '/api/job')).json();
    expect(jobListSchema.safeParse(body).error).toBeUndefined();
  });

  it('GET /api/applicants answers applicants', async () => {
    const body = (await (await call(api.app, 'GET', '/api/applicants', { token: api.token })).json()) as {
      applicants: unknown[];
    };
    expect(body.applicants).toHaveLength(1);
    for (const applicant of body.applicants) expect(applicantSchema.safeParse(applicant).error).toBeUndefined();
  });

  it('GET /api/messages answers contact messages', async () => {
    const body = (await (await call(api.app, 'GET', '/api/messages', { token: api.token })).json()) as {
      messages: unknown[];
    };
    expect(body.messages).toHaveLength(1);
    for (const message of body.messages) expect(contactMessageSchema.safeParse(message).error).toBeUndefined();
  });
});
