/** Ids from URLs and the resume download name: strict parsing, safe names. */
import { describe, expect, it } from 'vitest';
import { parseDbId } from '~/server/db';
import { resumeFilename } from '~/server/services/resume-filename';

describe('ids and filenames', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2147483647],
    ['2147483648', null],
    ['0', null],
    ['-1', null],
    ['01x', null],
    ['1e3', null],
    ['01', null],
    [' 1', null],
    ['1.0', null],
    ['0x1', null],
  ])('parseDbId(%s) → %s', (raw, id) => {
    expect(parseDbId(raw)).toBe(id);
  });
  it('strips quotes, slashes and control characters from the download name', () => {
    expect(resumeFilename('Ada "the" /Lovelace\r\n', 'pdf').ascii).toBe('Ada the Lovelace_Resume.pdf');
    expect(resumeFilename('   ', 'docx').ascii).toBe('Applicant_Resume.docx');
  });
});
