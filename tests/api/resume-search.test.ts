/**
 * Resumes read and searched: the text of a PDF or DOCX is read after the application is stored,
 * `GET /api/applicants?q=` finds words in it (and in name, e-mail, job title, cover letter),
 * ranked, with a plain-text snippet; a file that cannot be read leaves the application stored with
 * its text missing; the text leaves with the applicant; one person's applications are linked.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantDetail } from '~/lib/privacy';
import { RESUME_READ_MAX_PAGES, RESUME_TEXT_MAX_CHARS } from '~/lib/limits';
import type { Applicant } from '~/lib/schemas/applicant-api';
import { defaultApiConfig } from '~/server/config';
import { purgeExpired } from '~/server/retention/purge';
import { readResume, ResumeReadError } from '~/server/services/resume-reader';
import { resumeTextsSettled } from '~/server/services/resume-text';
import {
  apply,
  applicationForm,
  call,
  createJobViaApi,
  setupApi,
  type ResumeUpload,
  type TestApi,
  appliedId,
} from '../../support/api';
import { docBytes, docxWithText, lockedPdfBytes, pdfWithText } from '../../support/files';
import { readZip } from '../helpers/zip';

let api: TestApi;
let jobId: number;
let otherJobId: number;

const pdf = (bytes: Uint8Array): ResumeUpload => ({ bytes, name: 'resume.pdf', type: 'application/pdf' });
const docx = (bytes: Uint8Array): ResumeUpload => ({
  bytes,
  name: 'resume.docx',
  type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
});

let phoneSeq = 0;
/** Applies with `resume` and waits until its text was read; returns the applicant's id. */
async function applicant(resume: ResumeUpload, fields: Record<string, string> = {}, job = jobId): Promise<number> {
  const id = await applied(resume, fields, job);
  await resumeTextsSettled();
  return id;
}

/** Applies with `resume`, its text still being read; returns the applicant's id. */
async function applied(resume: ResumeUpload, fields: Record<string, string> = {}, job = jobId): Promise<number> {
  phoneSeq += 1;
  const res = await apply(
    api,
    applicationForm(
      job,
      { email: `person${phoneSeq}@example.com`, phone: `+44 20 7946 ${String(phoneSeq).padStart(4, '0')}`, ...fields },
      resume,
    ),
  );
  expect(res.status).toBe(201);
  return appliedId(api, res);
}

async function search(q: string): Promise<Applicant[]> {
  const res = await call(api.app, 'GET', `/api/applicants?q=${encodeURIComponent(q)}`, { token: api.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { applicants: Applicant[] }).applicants;
}

async function detail(id: number): Promise<ApplicantDetail> {
  const res = await call(api.app, 'GET', `/api/applicants/${id}`, { token: api.token });
  expect(res.status).toBe(200);
  return (await res.json()) as ApplicantDetail;
}

/** The words of the search index that begin with `prefix` (SQLite's FTS5 vocabulary; PostgreSQL's applicants' vectors). */
async function indexedWords(prefix: string): Promise<string[]> {
  if (api.dbKind === 'sqlite') {
    await sql`create virtual table if not exists temp.search_words using fts5vocab(main, applicant_search, row)`.execute(
      api.db,
    );
    const { rows } = await sql<{
      term: string;
    }>`select term from temp.search_words where term like ${`${prefix}%`}`.execute(api.db);
    return rows.map((r) => r.term);
  }
  const { rows } = await sql<{ word: string }>`select distinct word from ts_stat('select search_vector from applicants')
    where word like ${`${prefix}%`}`.execute(api.db);
  return rows.map((r) => r.word);
}

beforeAll(async () => {
  api = await setupApi();
  jobId = (await createJobViaApi(api, { title: 'Firmware Engineer' })).id;
  otherJobId = (await createJobViaApi(api, { title: 'Edge Platform Lead' })).id;
});

afterAll(async () => {
  await resumeTextsSettled();
  await api.close();
});

describe('resume search', () => {
  it('finds a word that occurs only inside a PDF resume, and one only inside a DOCX resume', async () => {
    const fromPdf = await applicant(
      pdf(pdfWithText([['Priya Raman, firmware engineer'], ['Shipped a Zephyrine sensor hub on Cortex-M4']])),
    );
    const fromDocx = await applicant(docx(docxWithText(['Curriculum vitae', 'Ported Yoctoberry images to i.MX8'])));

    const pdfHits = await search('zephyrine');
    expect(pdfHits.map((a) => a.id)).toEqual([fromPdf]);
    expect(pdfHits[0]?.resume.text).toBe('ready');
    const docxHits = await search('Yoctoberry');
    expect(docxHits.map((a) => a.id)).toEqual([fromDocx]);
    // Every word must match, each as a word's beginning.
    expect((await search('yoctober i.mx8')).map((a) => a.id)).toEqual([fromDocx]);
    expect(await search('yoctoberry zephyrine')).toEqual([]);
  });

  it('ranks a match in the name above the cover letter above the resume, and marks the hits in plain text', async () => {
    const inResume = await applicant(pdf(pdfWithText([['Lead on the Quokkaplex bring-up']])));
    const inLetter = await applicant(pdf(pdfWithText([['Nothing to see']])), {
      coverLetter: 'I led the Quokkaplex port to RISC-V and want to bring that work to EdgeCraft AI this year.',
    });
    const inName = await applicant(pdf(pdfWithText([['Nothing to see']])), { name: 'Sam Quokkaplex' });

    const hits = await search('quokkaplex');
    expect(hits.map((a) => a.id)).toEqual([inName, inLetter, inResume]);
    expect(hits.map((a) => a.match?.field)).toEqual(['name', 'coverLetter', 'resume']);
    for (const hit of hits) {
      const marked = hit.match?.hits.map(([start, end]) => hit.match?.text.slice(start, end).toLowerCase());
      expect(marked).toContain('quokkaplex');
    }
  });

  it('takes the passage from the cover letter or the resume before the name, which the card shows anyway', async () => {
    await applicant(pdf(pdfWithText([['Built the Dingoflux toolchain']])), { name: 'Ada Dingoflux' });
    const [hit] = await search('dingoflux');
    expect(hit?.match?.field).toBe('resume');
    expect(hit?.match?.text).toContain('Built the Dingoflux toolchain');
  });

  it('returns markup in a resume as text, never as HTML', async () => {
    await applicant(docx(docxWithText(['CV', 'Wrote <script>alert("Wombatix")</script> and <b>bold</b> tests'])));
    const [hit] = await search('wombatix');
    expect(hit?.match?.text).toContain('<script>alert("Wombatix")</script>');
    expect(hit?.match?.hits.map(([s, e]) => hit.match?.text.slice(s, e))).toEqual(['Wombatix']);
  });

  it('answers a query without letters or digits with nobody, and a too long one with 400', async () => {
    expect(await search('"*)(:')).toEqual([]);
    const res = await call(api.app, 'GET', `/api/applicants?q=${'a'.repeat(201)}`, { token: api.token });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('200 characters');
  });
});

describe('resumes that cannot be read', () => {
  it('keeps an application whose PDF no reader opens, marks its text missing, and the server goes on answering', async () => {
    const id = await applicant(pdf(lockedPdfBytes()), { name: 'Locked Pdf' });
    expect((await detail(id)).applicant.resume.text).toBe('missing');
    expect((await call(api.app, 'GET', '/api/health')).status).toBe(200);
    expect((await search('locked')).map((a) => a.id)).toEqual([id]);
    const after = await applicant(pdf(pdfWithText([['Numbatron after a locked one']])));
    expect((await search('numbatron')).map((a) => a.id)).toEqual([after]);
  });

  it('gives each of a burst of resumes its own text, a refused file in the middle included', async () => {
    const words = ['Quokkabyte', 'Tarsierix', 'Pangolune', 'Axolotron'];
    const reads = [
      ...words.map((word, i) =>
        i % 2
          ? readResume({ task: 'text', kind: 'docx', data: docxWithText([word]) })
          : readResume({ task: 'text', kind: 'pdf', data: pdfWithText([[word]]) }),
      ),
      readResume({ task: 'text', kind: 'pdf', data: lockedPdfBytes() }),
      readResume({ task: 'text', kind: 'pdf', data: pdfWithText([['Fossaflow']]) }),
    ];
    const results = await Promise.allSettled(reads);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.trim() : 'refused'))).toEqual([
      ...words,
      'refused',
      'Fossaflow',
    ]);
  });

  it('reads a PDF up to its 100th page and hands back at most 100 000 characters', async () => {
    const pages = Array.from({ length: RESUME_READ_MAX_PAGES + 20 }, (_, i) => [`Pagemark${i + 1}`]);
    const text = await readResume({ task: 'text', kind: 'pdf', data: pdfWithText(pages) });
    expect(text.split('\n').at(-1)).toBe(`Pagemark${RESUME_READ_MAX_PAGES}`);
    const dense = Array.from({ length: 30 }, (_, p) =>
      Array.from({ length: 40 }, (_, i) => `${p}.${i} ${'word '.repeat(20)}`),
    );
    const long = await readResume({ task: 'text', kind: 'pdf', data: pdfWithText(dense) });
    expect(long.length).toBe(RESUME_TEXT_MAX_CHARS);
  });

  it('ends a reader that exceeds its time budget', async () => {
    const reading = readResume({ task: 'text', kind: 'pdf', data: pdfWithText([['slow']]) }, { budgetMs: 1 });
    await expect(reading).rejects.toBeInstanceOf(ResumeReadError);
  });

  it('stores a .doc resume as unsupported: not searched, not previewed', async () => {
    const id = await applicant({ bytes: docBytes(), name: 'resume.doc', type: 'application/msword' });
    expect((await detail(id)).applicant.resume.text).toBe('unsupported');
    const preview = await call(api.app, 'GET', `/api/applicants/${id}/preview`, { token: api.token });
    expect(preview.status).toBe(415);
  });
});

describe('resume preview', () => {
  it('answers a PDF as its bytes and a DOCX as sanitised HTML', async () => {
    const bytes = pdfWithText([['Preview me']]);
    const fromPdf = await applicant(pdf(bytes));
    const pdfPreview = await call(api.app, 'GET', `/api/applicants/${fromPdf}/preview`, { token: api.token });
    expect(pdfPreview.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await pdfPreview.arrayBuffer())).toEqual(bytes);

    const fromDocx = await applicant(docx(docxWithText(['Kim Lee', 'Wrote <img src=x onerror=alert(1)> drivers'])));
    const res = await call(api.app, 'GET', `/api/applicants/${fromDocx}/preview`, { token: api.token });
    expect(res.status).toBe(200);
    const { html } = (await res.json()) as { html: string };
    expect(html).toBe('<h1>Kim Lee</h1><p>Wrote &lt;img src=x onerror=alert(1)&gt; drivers</p>');
  });
});

describe('extracted text leaves with the applicant', () => {
  it('is in the export, and erasure and retention remove it with its search entry', async () => {
    const erased = await applicant(pdf(pdfWithText([['Erasable Kakapotron skills']])), {
      email: 'erase.me@example.com',
    });
    const res = await call(api.app, 'GET', `/api/applicants/${erased}/export`, { token: api.token });
    const files = await readZip(new Uint8Array(await res.arrayBuffer()));
    const person = JSON.parse(files.get('person.json')?.toString('utf8') ?? '{}') as {
      applications: { resume: { extractedText: string } }[];
    };
    expect(person.applications[0]?.resume.extractedText).toContain('Kakapotron');
    expect(await indexedWords('kakapotron')).toEqual(['kakapotron']);

    const erasure = await call(api.app, 'POST', '/api/erasure', {
      token: api.token,
      json: { email: 'erase.me@example.com' },
    });
    expect(erasure.status).toBe(200);
    expect(await search('kakapotron')).toEqual([]);
    expect(await indexedWords('kakapotron')).toEqual([]);
    const texts = await api.db.selectFrom('resumes').select('text').where('applicant_id', '=', erased).execute();
    expect(texts).toEqual([]);

    const expiring = await applicant(pdf(pdfWithText([['Retained Takahetron skills']])));
    expect(await indexedWords('takahetron')).toEqual(['takahetron']);
    await purgeExpired(api.db, defaultApiConfig.retentionDays, new Date(Date.now() + 3 * 365 * 86_400_000));
    expect(await search('takahetron')).toEqual([]);
    expect(await indexedWords('takahetron')).toEqual([]);
    expect(await api.db.selectFrom('applicants').select('id').where('id', '=', expiring).execute()).toEqual([]);
  });
});

describe("one person's applications", () => {
  it('links applications with the same e-mail (any case, spaces) or the same phone (any format)', async () => {
    const resume = () => pdf(pdfWithText([['CV']]));
    // The link needs no resume text: the four are read together afterwards, not one after another.
    const first = await applied(resume(), { email: 'Mei.Chen@example.com', phone: '+91 98765 11111' });
    const sameEmail = await applied(
      resume(),
      { email: ' mei.chen@EXAMPLE.com ', phone: '+91 90000 22222' },
      otherJobId,
    );
    const samePhone = await applied(resume(), { email: 'mei@elsewhere.example', phone: '098765-11111' }, otherJobId);
    const stranger = await applied(resume(), { email: 'ravi@example.com', phone: '+91 98765 33333' });
    await resumeTextsSettled();
    const status = await call(api.app, 'PUT', `/api/applicants/${sameEmail}/status`, {
      token: api.token,
      json: { status: 'shortlisted' },
    });
    expect(status.status).toBe(200);

    const others = (await detail(first)).otherApplications;
    expect(others.map((o) => o.id).sort()).toEqual([sameEmail, samePhone].sort());
    expect(others.find((o) => o.id === sameEmail)).toEqual({
      id: sameEmail,
      jobTitle: 'Edge Platform Lead',
      appliedAt: expect.any(String),
      status: 'shortlisted',
    });
    expect((await detail(samePhone)).otherApplications.map((o) => o.id)).toEqual([first]);
    expect((await detail(stranger)).otherApplications).toEqual([]);
  });
});
