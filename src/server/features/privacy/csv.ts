import { stringify } from 'csv-stringify/sync';
import type { Applicant } from '~/lib/schemas/applicant';

const COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'LinkedIn',
  'Job',
  'Department',
  'Status',
  'Applied',
  'Status changed',
  'Erase on',
  'Cover letter',
  // Last, so the columns of sheets made before it keep their places.
  'Source',
] as const;

/**
 * A spreadsheet opens a cell starting with =, +, -, @, tab or CR as a formula (OWASP "CSV
 * injection"); a leading apostrophe makes it text and is hidden by Excel and LibreOffice. The
 * same goes after `,`, `;` or tab inside a field: a spreadsheet set to split on one of those
 * (`;` is the default in many locales) starts a new cell there.
 */
function neutralizeFormula(value: string): string {
  return value.replace(/(?<=^|[,;\t])(?=[=+\-@\t\r])/g, "'");
}

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

/**
 * The applicant list as CSV (RFC 4180, every field quoted so no separator inside one splits it,
 * CRLF, UTF-8 with a BOM so Excel reads non-Latin names).
 */
export function applicantsCsv(applicants: readonly Applicant[]): string {
  const rows = applicants.map((a) =>
    [
      a.name,
      a.email,
      a.phone,
      a.linkedin ?? '',
      a.jobTitle,
      a.department,
      a.status,
      day(a.appliedAt),
      day(a.statusChangedAt),
      day(a.eraseAt),
      a.coverLetter,
      a.source,
    ].map(neutralizeFormula),
  );
  return stringify([[...COLUMNS], ...rows], {
    bom: true,
    record_delimiter: 'windows',
    quoted: true,
    quoted_empty: true,
  });
}
