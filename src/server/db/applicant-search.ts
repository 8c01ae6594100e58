import { sql, type Kysely } from 'kysely';
import { SEARCH_TERMS_MAX } from '~/lib/limits';
import type { Applicant, ApplicantMatch } from '~/lib/schemas/applicant-api';
import { getApplicantsByIds } from './applicants';
import type { Database, DbKind } from './schema';

// Around each hit in a snippet: control characters, which stored text never holds (see searchTerms).
const HIT_START = '\u0002';
const HIT_END = '\u0003';
/** Words around the hits in a snippet. */
const SNIPPET_WORDS = 24;

/**
 * The words of a query (letters with their marks, and digits; lower-cased), at most
 * SEARCH_TERMS_MAX; operators and quotes are never passed on.
 */
function searchTerms(query: string): string[] {
  const words =
    query
      .normalize('NFKC')
      .toLocaleLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, SEARCH_TERMS_MAX);
}

/** A snippet with hit markers as plain text and [start, end) offsets: the browser marks them, nothing is HTML. */
function parseSnippet(marked: string): ApplicantMatch {
  const hits: [number, number][] = [];
  let text = '';
  let start = -1;
  for (const char of marked.replace(/\s+/g, ' ').trim()) {
    if (char === HIT_START) start = text.length;
    else if (char === HIT_END) {
      if (start >= 0 && text.length > start) hits.push([start, text.length]);
      start = -1;
    } else text += char;
  }
  return { text, hits };
}

type Ranked = { id: number; snippet: string };

/** SQLite: FTS5, every word a prefix, all required; bm25 weights name and e-mail over job, cover letter, resume. */
async function rankSqlite(db: Kysely<Database>, terms: string[]): Promise<Ranked[]> {
  const match = terms.map((t) => `"${t}"*`).join(' ');
  const { rows } = await sql<Ranked>`
    select rowid as id,
      snippet(applicant_search, -1, ${HIT_START}, ${HIT_END}, '…', ${SNIPPET_WORDS}) as snippet
    from applicant_search where applicant_search match ${match}
    order by bm25(applicant_search, 10.0, 10.0, 4.0, 2.0, 1.0), rowid desc`.execute(db);
  return rows;
}

/**
 * A passage of the first of `fields` holding a word that begins with one of `terms`, about
 * SNIPPET_WORDS words around it, each such word between hit markers (as SQLite's snippet() gives).
 */
function markedPassage(fields: readonly string[], terms: readonly string[]): string {
  const escaped = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const word = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${escaped.join('|')})[\\p{L}\\p{M}\\p{N}]*`, 'giu');
  const field = fields.find((text) => text.search(word) >= 0) ?? fields[0] ?? '';
  const words = field.split(/\s+/);
  const first = Math.max(
    0,
    words.findIndex((w) => w.search(word) >= 0),
  );
  const from = Math.max(0, first - Math.floor(SNIPPET_WORDS / 3));
  const cut = words
    .slice(from, from + SNIPPET_WORDS)
    .join(' ')
    .replace(word, (hit) => `${HIT_START}${hit}${HIT_END}`);
  return `${from > 0 ? '… ' : ''}${cut}${from + SNIPPET_WORDS < words.length ? ' …' : ''}`;
}

/**
 * PostgreSQL: the weighted tsvector (A name and e-mail … D resume), prefix terms, ts_rank; the
 * passage is cut here from the row's text (ts_headline reads tags and hosts its own way).
 */
async function rankPostgres(db: Kysely<Database>, terms: string[]): Promise<Ranked[]> {
  const query = terms.map((t) => `${t}:*`).join(' & ');
  const { rows } = await sql<{ id: number; fields: string[] }>`
    select a.id, array[a.cover_letter, coalesce(r.text, ''), a.job_title, a.name, a.email] as fields
    from applicants a
      join resumes r on r.applicant_id = a.id,
      to_tsquery('simple', ${query}) q
    where a.search_vector @@ q
    order by ts_rank(a.search_vector, q) desc, a.id desc`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), snippet: markedPassage(r.fields, terms) }));
}

/**
 * Applicants whose name, e-mail, job title, cover letter or resume text hold every word of
 * `query` (each as a word's beginning), best match first, each with its best passage. A query
 * without a letter or digit finds nobody. With `readerId`, each as the list gives it (activity, scorecards).
 */
export async function searchApplicants(
  db: Kysely<Database>,
  kind: DbKind,
  query: string,
  readerId?: number,
): Promise<Applicant[]> {
  const terms = searchTerms(query);
  if (!terms.length) return [];
  const ranked = kind === 'sqlite' ? await rankSqlite(db, terms) : await rankPostgres(db, terms);
  const byId = new Map(
    (
      await getApplicantsByIds(
        db,
        ranked.map((r) => r.id),
        readerId,
      )
    ).map((a) => [a.id, a]),
  );
  return ranked.flatMap(({ id, snippet }) => {
    const applicant = byId.get(id);
    return applicant ? [{ ...applicant, match: parseSnippet(snippet) }] : [];
  });
}
