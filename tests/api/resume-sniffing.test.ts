/**
 * Files with an allowed extension whose bytes are not a document are refused with the
 * wrong-content answer at the resume field, and nothing of them is stored; a wrong extension keeps
 * the wrong-type answer; real-looking PDF, DOC and DOCX files go through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages } from '~/lib/schemas/application';
import { apply, applicationForm, createJobViaApi, setupApi, type TestApi, appliedId } from '../../support/api';
import { docBytes, DOCX_PARTS, docxBytes, pdfBytes, zipBytes } from '../../support/files';

let api: TestApi;
let jobId: number;
let counter = 0;
const uniqueEmail = () => `sniffing${++counter}@example.com`;

beforeAll(async () => {
  api = await setupApi();
  jobId = (await createJobViaApi(api)).id;
});
afterAll(async () => {
  await api.close();
});

const rows = async () => ({
  applicants: (await api.db.selectFrom('applicants').select('id').execute()).length,
  resumes: (await api.db.selectFrom('resumes').select('applicant_id').execute()).length,
  outbox: (await api.db.selectFrom('outbox').select('id').execute()).length,
});

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const MZ = latin1('MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode.');

/** A real zip listing payload.exe, with a forged directory of the Word parts and its end record in the comment. */
function zipWithForgedDirectory(): Uint8Array {
  const decoy = zipBytes(DOCX_PARTS);
  const decoyView = new DataView(decoy.buffer);
  const forged = new Uint8Array(decoy.subarray(decoyView.getUint32(decoy.length - 6, true)));
  const real = zipBytes({ 'payload.exe': MZ, 'readme.txt': 'hello' }, { comment: new Uint8Array(forged.length) });
  new DataView(forged.buffer).setUint32(forged.length - 6, real.length - forged.length, true);
  real.set(forged, real.length - forged.length);
  return real;
}

describe('a resume that only looks like a document', () => {
  it.each([
    ['HTML behind %PDF-', latin1('%PDF-1.4\n<html><script>fetch("/api/admin")</script></html>\n'), 'cv.pdf'],
    [
      'a zip holding payload.exe and a word/ entry',
      zipBytes({ 'word/document.xml': '<w/>', 'payload.exe': MZ }),
      'cv.docx',
    ],
    ['a zip with a forged central directory in its comment', zipWithForgedDirectory(), 'cv.docx'],
    [
      'OLE2 magic followed by HTML',
      latin1(`\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1${'<html><script>x()</script></html>'.padEnd(1024)}`),
      'cv.doc',
    ],
  ])('refuses %s with 415, says the file is not a document, and stores nothing', async (_label, bytes, name) => {
    const before = await rows();
    const res = await apply(api, applicationForm(jobId, { email: uniqueEmail() }, { bytes, name, type: '' }));
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      message: applicationMessages.resumeContent,
      errors: { resume: applicationMessages.resumeContent },
    });
    expect(await rows()).toEqual(before);
  });
});

describe('a damaged resume with an allowed extension', () => {
  it('tells the applicant at the resume field to export the file again, not that the type is wrong', async () => {
    const bytes = latin1('Asha Rao, firmware engineer: this text was saved with a .pdf name.');
    const form = applicationForm(jobId, { email: uniqueEmail() }, { bytes, name: 'fake.pdf', type: 'application/pdf' });
    const res = await apply(api, form);
    expect(res.status).toBe(415);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors).toEqual({
      resume: 'This file does not look like a PDF, DOC or DOCX document. Export it again from your editor and retry.',
    });
    expect(body.errors['resume']).not.toBe(applicationMessages.resumeType);
  });

  it('keeps "Only PDF, DOC, and DOCX files are allowed" for a file whose extension is not allowed', async () => {
    const bytes = latin1('Asha Rao, firmware engineer');
    const res = await apply(
      api,
      applicationForm(jobId, { email: uniqueEmail() }, { bytes, name: 'cv.txt', type: 'text/plain' }),
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      message: 'Only PDF, DOC, and DOCX files are allowed',
      errors: { resume: 'Only PDF, DOC, and DOCX files are allowed' },
    });
  });
});

describe('real-looking documents', () => {
  it.each([
    ['a PDF', pdfBytes(20_000, 'resume'), 'cv.pdf', 'pdf'],
    ['a DOC', docBytes(), 'cv.doc', 'doc'],
    ['a deflated DOCX', docxBytes(), 'cv.docx', 'docx'],
    ['a DOCX with data descriptors', docxBytes({ deflate: true, descriptor: true }), 'cv.docx', 'docx'],
  ])('accepts %s', async (_label, bytes, name, kind) => {
    const res = await apply(api, applicationForm(jobId, { email: uniqueEmail() }, { bytes, name, type: '' }));
    expect(res.status).toBe(201);
    const applicant = { id: await appliedId(api, res) };
    const stored = await api.db
      .selectFrom('resumes')
      .select(['kind'])
      .where('applicant_id', '=', applicant.id)
      .executeTakeFirst();
    expect(stored?.kind).toBe(kind);
  });
});
