import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Applicant } from '~/lib/schemas';
import { applicationMessages } from '~/lib/schemas/application';
import type { AdminJob, Job } from '~/lib/schemas/job';
import { jobMessages } from '~/lib/schemas/job';
import { defaultApiConfig } from '~/server/config';
import { applicationForm, apply, appliedId, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

const SITE = 'https://www.edgecraft.test';

let api: TestApi;
let openJob: AdminJob;

/** The multipart body of the general-application form: no vacancy, a field of interest instead. */
function openApplicationForm(email: string, fieldOfInterest: string | null = 'Embedded firmware'): FormData {
  const form = applicationForm('', { email });
  form.delete('jobId');
  form.set('kind', 'open');
  if (fieldOfInterest !== null) form.set('fieldOfInterest', fieldOfInterest);
  return form;
}

async function adminJobs(): Promise<AdminJob[]> {
  const res = await call(api.app, 'GET', '/api/job/all', { token: api.token });
  return ((await res.json()) as { jobs: AdminJob[] }).jobs;
}

async function applicants(): Promise<Applicant[]> {
  const res = await call(api.app, 'GET', '/api/applicants', { token: api.token });
  return ((await res.json()) as { applicants: Applicant[] }).applicants;
}

beforeAll(async () => {
  api = await setupApi({ config: { mail: { ...defaultApiConfig.mail, siteUrl: SITE } } });
  await createJobViaApi(api, { title: 'Edge ML Engineer' });
  const found = (await adminJobs()).find((job) => job.kind === 'open');
  if (!found) throw new Error('the migrations left no Open application entry');
  openJob = found;
});
afterAll(async () => {
  await api.close();
});

describe('the Open application entry', () => {
  it('exists after the migrations, open, titled Open application', () => {
    expect(openJob).toMatchObject({ title: 'Open application', status: 'open', kind: 'open' });
  });

  it('is not in the public job list, which still lists the vacancies', async () => {
    const res = await call(api.app, 'GET', '/api/job');
    const { jobs } = (await res.json()) as { jobs: Job[] };
    expect(jobs.map((job) => job.title)).toContain('Edge ML Engineer');
    expect(jobs.map((job) => job.id)).not.toContain(openJob.id);
  });

  it('has no public job page', async () => {
    const res = await call(api.app, 'GET', `/api/job/${openJob.id}`);
    expect(res.status).toBe(404);
  });

  it('cannot be deleted: 409 with a clear message, and it stays', async () => {
    const res = await call(api.app, 'DELETE', `/api/job/${openJob.id}`, { token: api.token });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(jobMessages.openUndeletable);
    expect((await adminJobs()).map((job) => job.id)).toContain(openJob.id);
  });

  it('can be renamed by an admin, and stays off the public list', async () => {
    const res = await call(api.app, 'PUT', `/api/job/${openJob.id}`, {
      token: api.token,
      json: { ...validEdit(), title: 'General application' },
    });
    expect(res.status).toBe(200);
    const renamed = (await adminJobs()).find((job) => job.id === openJob.id);
    expect(renamed).toMatchObject({ title: 'General application', kind: 'open' });
    const list = (await (await call(api.app, 'GET', '/api/job')).json()) as { jobs: Job[] };
    expect(list.jobs.map((job) => job.id)).not.toContain(openJob.id);
    const restored = await call(api.app, 'PUT', `/api/job/${openJob.id}`, {
      token: api.token,
      json: { ...validEdit(), title: 'Open application' },
    });
    expect(restored.status).toBe(200);
  });
});

function validEdit() {
  return {
    title: openJob.title,
    department: openJob.department,
    location: openJob.location,
    jobType: openJob.jobType,
    description: openJob.description,
    salaryRange: '',
  };
}

describe('POST /api/applicants/apply with kind=open', () => {
  it('stores the application and its resume against the open entry with the field of interest', async () => {
    const res = await apply(api, openApplicationForm('ada@example.org', '  Edge AI compilers '));
    expect(res.status).toBe(201);
    const applicant = { id: await appliedId(api, res) };
    const stored = (await applicants()).find((a) => a.id === applicant.id);
    expect(stored).toMatchObject({
      jobId: openJob.id,
      jobTitle: 'Open application',
      email: 'ada@example.org',
      fieldOfInterest: 'Edge AI compilers',
      status: 'pending',
      resume: { kind: 'pdf' },
    });
  });

  it('mails the receipt, naming the field of interest rather than a position, with the private application page link', async () => {
    await expect(apply(api, openApplicationForm('grace@example.org'))).resolves.toHaveProperty('status', 201);
    const receipt = await api.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('kind', '=', 'application_received')
      .where('recipient', '=', 'grace@example.org')
      .executeTakeFirstOrThrow();
    const token = /\/application\/([A-Za-z0-9_-]{43})/.exec(receipt.text_body)?.[1];
    expect(receipt.text_body).toContain(`${SITE}/application/${token ?? 'missing'}`);
    expect(receipt.subject).toBe('We received your application for a role in Embedded firmware');
    expect(receipt.text_body).toContain('Your application for a role in Embedded firmware at ');
    expect(receipt.text_body).not.toContain('Open application position');
    const page = await call(api.app, 'GET', `/api/applications/${token ?? 'missing'}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ jobTitle: 'Open application', jobPath: null, stage: 'Received' });
  });

  it('refuses a missing field of interest with a clear message at that field', async () => {
    const res = await apply(api, openApplicationForm('linus@example.org', null));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(body.errors['fieldOfInterest']).toBe(applicationMessages.fieldOfInterestRequired);
    expect((await applicants()).map((a) => a.email)).not.toContain('linus@example.org');
  });

  it('refuses a blank field of interest as missing', async () => {
    const res = await apply(api, openApplicationForm('margaret@example.org', '   '));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(body.errors['fieldOfInterest']).toBe(applicationMessages.fieldOfInterestRequired);
  });

  it('stores one open application per address, in any letter case, and mails the owner about a second', async () => {
    const first = await apply(api, openApplicationForm('barbara@example.org'));
    const res = await apply(api, openApplicationForm('Barbara@Example.org', 'Developer relations'));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual(await first.json());
    expect((await applicants()).filter((a) => a.email.toLowerCase() === 'barbara@example.org')).toHaveLength(1);
    const told = await api.db
      .selectFrom('outbox')
      .select('text_body')
      .where('recipient', '=', 'barbara@example.org')
      .where('kind', '=', 'application_links')
      .execute();
    expect(told.map((m) => m.text_body.includes(applicationMessages.openDuplicate))).toEqual([true]);
  });

  it('still accepts a vacancy application from someone with an open application', async () => {
    const vacancy = (await createJobViaApi(api, { title: 'Firmware Lead' })).id;
    const res = await apply(api, applicationForm(vacancy, { email: 'ada@example.org' }));
    expect(res.status).toBe(201);
    const stored = (await applicants()).find((a) => a.jobId === vacancy && a.email === 'ada@example.org');
    expect(stored?.fieldOfInterest).toBeNull();
  });

  it('shows the admin the applicant under the open entry with the field of interest', async () => {
    const underOpen = (await applicants()).filter((a) => a.jobId === openJob.id);
    expect(underOpen.map((a) => a.email)).toContain('ada@example.org');
    expect(underOpen.find((a) => a.email === 'ada@example.org')?.fieldOfInterest).toBe('Edge AI compilers');
  });

  it('refuses general applications once an admin closes the entry', async () => {
    await call(api.app, 'PUT', `/api/job/${openJob.id}/status`, { token: api.token, json: { status: 'closed' } });
    const res = await apply(api, openApplicationForm('joan@example.org'));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(applicationMessages.openUnavailable);
    await call(api.app, 'PUT', `/api/job/${openJob.id}/status`, { token: api.token, json: { status: 'open' } });
  });
});
