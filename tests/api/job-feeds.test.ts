import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_FEED_PATHS, type JobBoard } from '~/lib/job-feeds';
import { jobPath } from '~/lib/job-posting';
import { sourceFromSearch } from '~/lib/sources';
import { findOpenApplicationJob } from '~/server/db';
import { call, createJobViaApi, setupApi, validJob, type TestApi } from '../../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(async () => {
  await api.close();
});

type FeedJob = Record<string, string | Record<string, unknown>>;
type Feed = { source: Record<string, string> & { job?: FeedJob[] } };

// Every value stays text (no number guessing), and <job> is a list even with one.
const parser = new XMLParser({ parseTagValue: false, trimValues: false, isArray: (name) => name === 'job' });

async function feed(board: JobBoard, headers: Record<string, string> = {}) {
  const res = await call(api.app, 'GET', JOB_FEED_PATHS[board], { headers });
  return res;
}

/** The feed parsed, after checking that it is well-formed XML served as XML. */
async function parsedFeed(board: JobBoard): Promise<{ source: Feed['source']; jobs: FeedJob[] }> {
  const res = await feed(board);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const xml = await res.text();
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(XMLValidator.validate(xml)).toBe(true);
  const { source } = parser.parse(xml) as Feed;
  return { source, jobs: source.job ?? [] };
}

const idOf = (board: JobBoard, job: FeedJob) => (board === 'indeed' ? job['referencenumber'] : job['partnerJobId']);
const entries = async (board: JobBoard, id: number) =>
  (await parsedFeed(board)).jobs.filter((job) => idOf(board, job) === String(id));

const setStatus = (id: number, status: 'open' | 'closed') =>
  call(api.app, 'PUT', `/api/job/${id}/status`, { token: api.token, json: { status } });
const editJob = (id: number, changes: Partial<Record<keyof typeof validJob, string>>) =>
  call(api.app, 'PUT', `/api/job/${id}`, { token: api.token, json: { ...validJob, ...changes } });

describe('the Indeed feed', () => {
  it('lists an open vacancy once in Indeed’s format, its link crediting Indeed in Sources', async () => {
    const job = await createJobViaApi(api, { title: 'Firmware Lead', location: 'Bengaluru, Karnataka, India' });
    const { source, jobs } = await parsedFeed('indeed');
    expect(source['publisher']).toBe('EdgeCraft AI');
    expect(source['publisherurl']).toBe('https://www.example.com');
    expect(Number.isNaN(Date.parse(source['lastBuildDate'] ?? ''))).toBe(false);

    const mine = jobs.filter((j) => j['referencenumber'] === String(job.id));
    expect(mine).toHaveLength(1);
    const created = (await (await call(api.app, 'GET', `/api/job/${job.id}`)).json()) as {
      job: { created_at: string };
    };
    expect(mine[0]).toEqual({
      title: 'Firmware Lead',
      date: created.job.created_at,
      referencenumber: String(job.id),
      requisitionid: String(job.id),
      url: `https://www.example.com${jobPath(job)}?source=indeed`,
      company: 'EdgeCraft AI',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'IN',
      description: '<p>Port ML pipelines to microcontrollers and NPUs.<br>Own the on-device inference stack.</p>',
      salary: '₹25-40 LPA',
      jobtype: 'fulltime',
    });
    expect(sourceFromSearch(new URL(mine[0]!['url'] as string).search)).toBe('indeed');
  });

  it('never lists the open-application entry', async () => {
    const entry = await findOpenApplicationJob(api.db);
    expect(entry).not.toBeNull();
    for (const board of ['indeed', 'linkedin'] as const) expect(await entries(board, entry!.id)).toEqual([]);
  });
});

describe('the LinkedIn feed', () => {
  it('lists an open vacancy once in LinkedIn’s format: https apply link crediting LinkedIn, location, workplace', async () => {
    const job = await createJobViaApi(api, {
      title: 'Remote Compiler Engineer',
      location: 'Remote (Germany)',
      jobType: 'Contract',
      salaryRange: '€60k–75k per year',
    });
    const { source, jobs } = await parsedFeed('linkedin');
    expect(source['publisher']).toBe('EdgeCraft AI');
    expect(source['publisherUrl']).toBe('https://www.example.com');
    expect(Number(source['expectedJobCount'])).toBe(jobs.length);

    const mine = jobs.filter((j) => j['partnerJobId'] === String(job.id));
    expect(mine).toHaveLength(1);
    const entry = mine[0]!;
    expect(entry).toMatchObject({
      company: 'EdgeCraft AI',
      title: 'Remote Compiler Engineer',
      applyUrl: `https://www.example.com${jobPath(job)}?source=linkedin`,
      location: 'Remote (Germany)',
      country: 'Germany',
      workplaceTypes: 'Remote',
      jobtype: 'CONTRACT',
      salaries: {
        salary: {
          highEnd: { amount: '75000', currencyCode: 'EUR' },
          lowEnd: { amount: '60000', currencyCode: 'EUR' },
          period: 'YEARLY',
          type: 'BASE_SALARY',
        },
      },
    });
    expect(sourceFromSearch(new URL(entry['applyUrl'] as string).search)).toBe('linkedin');
    expect(Number.isNaN(Date.parse(entry['listDate'] as string))).toBe(false);
  });

  it('gives LinkedIn at least 100 characters of description: a short one is followed by the job’s facts', async () => {
    const job = await createJobViaApi(api, { title: 'Short Ad', description: 'Ship it.', location: 'Pune, India' });
    const [entry] = await entries('linkedin', job.id);
    const description = entry!['description'] as string;
    expect(
      description.startsWith('<p>Ship it.</p><p>Short Ad at EdgeCraft AI: Full-time, Engineering, Pune, India.'),
    ).toBe(true);
    expect(description.replace(/<[^>]*>/g, '').length).toBeGreaterThanOrEqual(100);
    expect(entry).toMatchObject({ city: 'Pune', country: 'IN', workplaceTypes: 'On-site' });
  });
});

describe('both feeds', () => {
  it('drop a vacancy the moment it closes or is deleted, and list it again when reopened', async () => {
    const job = await createJobViaApi(api, { title: 'Closing Soon' });
    for (const board of ['indeed', 'linkedin'] as const) expect(await entries(board, job.id)).toHaveLength(1);

    expect((await setStatus(job.id, 'closed')).status).toBe(200);
    for (const board of ['indeed', 'linkedin'] as const) expect(await entries(board, job.id)).toEqual([]);

    expect((await setStatus(job.id, 'open')).status).toBe(200);
    for (const board of ['indeed', 'linkedin'] as const) expect(await entries(board, job.id)).toHaveLength(1);

    expect((await call(api.app, 'DELETE', `/api/job/${job.id}`, { token: api.token })).status).toBe(200);
    for (const board of ['indeed', 'linkedin'] as const) expect(await entries(board, job.id)).toEqual([]);
  });

  it('carry hostile text as text: markup, quotes, a CDATA end and control characters stay well-formed', async () => {
    const title = `Lead </title><job>"x" & 'y' ]]> <![CDATA[`;
    const description = 'Breaks ]]> out? <script>alert(1)</script> & \u0007bell\u001f ]]]]>';
    const job = await createJobViaApi(api, { title, description, salaryRange: '$1 ]]> <b>2</b>' });
    for (const board of ['indeed', 'linkedin'] as const) {
      const [entry] = await entries(board, job.id);
      expect(entry!['title']).toBe(title);
      expect(entry!['description']).toContain(
        '<p>Breaks ]]&gt; out? &lt;script&gt;alert(1)&lt;/script&gt; &amp; bell ]]]]&gt;</p>',
      );
    }
    const [indeed] = await entries('indeed', job.id);
    expect(indeed!['salary']).toBe('$1 ]]> <b>2</b>');
  });

  it('keep a vacancy’s id across edits, and answer 304 to an unchanged feed’s ETag until something changes', async () => {
    const job = await createJobViaApi(api, { title: 'Stable Id' });
    for (const board of ['indeed', 'linkedin'] as const) {
      const first = await feed(board);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
      const again = await feed(board, { 'If-None-Match': etag! });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    }
    const before = {
      indeed: (await feed('indeed')).headers.get('etag'),
      linkedin: (await feed('linkedin')).headers.get('etag'),
    };

    expect((await editJob(job.id, { title: 'Stable Id, Renamed', description: 'A new text.' })).status).toBe(200);
    for (const board of ['indeed', 'linkedin'] as const) {
      const changed = await feed(board, { 'If-None-Match': before[board]! });
      expect(changed.status).toBe(200);
      const [entry] = await entries(board, job.id);
      expect(idOf(board, entry!)).toBe(String(job.id));
      expect(entry!['title']).toBe('Stable Id, Renamed');
    }
  });
});
