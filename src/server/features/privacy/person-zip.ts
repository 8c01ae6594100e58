import { ZipFile } from 'yazl';
import { isoDay } from '~/lib/calendar-day';
import type { ExportedResume, PersonData } from './person-data';

/** The JSON file inside every export zip. */
const PERSON_JSON = 'person.json';

/** One zip: `person.json` (pretty-printed, UTF-8) and the resumes under `resumes/`, stored as uploaded. */
export function personZip(data: PersonData, resumes: ExportedResume[]): Promise<Buffer> {
  const zip = new ZipFile();
  const mtime = new Date(data.exportedAt);
  zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`, 'utf8'), PERSON_JSON, { mtime });
  // Resumes are already compressed formats (PDF, DOCX) or small; storing keeps their bytes verbatim and fast.
  for (const resume of resumes) zip.addBuffer(Buffer.from(resume.data), resume.path, { mtime, compress: false });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A file name for the export that says whose it is without spelling out the e-mail address. */
export function exportFilename(applicantId: number, now: Date): string {
  return `applicant-${applicantId}-data-${isoDay(now)}.zip`;
}
