/**
 * The address Keystatic proposes for a new entry's title. Unlike Keystatic's own slugify, which splits
 * camel case ("nRF54" → "n-rf-54"), a run of letters and digits stays one word: "nRF54 DK" → "nrf54-dk".
 * Accents are dropped ("Qualité" → "qualite"); anything else between words becomes one hyphen.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
