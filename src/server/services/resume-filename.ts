import type { ResumeKind } from '~/lib/limits';

/**
 * `{name}_Resume.{ext}` made safe for a Content-Disposition header: an ASCII fallback
 * (anything outside letters, digits, space, dot, hyphen and underscore becomes `_`) and the
 * RFC 5987 UTF-8 form for browsers that read `filename*`.
 */
export function resumeFilename(name: string, kind: ResumeKind): { ascii: string; utf8: string } {
  const base =
    name
      .normalize('NFC')
      .replace(/[\p{Cc}"\\/]/gu, '')
      .trim() || 'Applicant';
  const ascii = `${base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._-]/g, '_')}_Resume.${kind}`;
  const utf8 = encodeURIComponent(`${base}_Resume.${kind}`).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return { ascii, utf8 };
}
