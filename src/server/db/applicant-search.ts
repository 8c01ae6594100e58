import { sql, type Kysely } from 'kysely';
import { SEARCH_TERMS_MAX } from '~/lib/limits';
import { SEARCH_FIELDS, type Applicant, type ApplicantMatch, type SearchField } from '~/lib/schemas/applicant-api';
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
function parseSnippet(field: SearchField, marked: string): ApplicantMatch {
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
  return { field, text, hits };
}

type Ranked = { id: number; field: SearchField; snippet: string };

/** The first of the fields (in SEARCH_FIELDS order) whose snippet holds a hit, else the first field. */
function firstHit(id: number, passages: Record<SearchField, string>): Ranked {
  const field = SEARCH_FIELDS.find((f) => passages[f].includes(HIT_START)) ?? SEARCH_FIELDS[0];
  return { id, field, snippet: passages[field] };
}

/** The FTS5 table's column of each field (migration 0028). */
const FTS_COLUMNS: Record<SearchField, number> = { name: 0, email: 1, jobTitle: 2, coverLetter: 3, resume: 4 };

/** SQLite: FTS5, every word a prefix, all required; bm25 weights name and e-mail over job, cover letter, resume. */
async function rankSqlite(db: Kysely<Database>, terms: string[]): Promise<Ranked[]> {
  const match = terms.map((t) => `"${t}"*`).join(' ');
  const snippets = SEARCH_FIELDS.map(
    (field) =>
      sql`snippet(applicant_search, ${sql.lit(FTS_COLUMNS[field])}, ${HIT_START}, ${HIT_END}, '…', ${SNIPPET_WORDS}) as ${sql.ref(field)}`,
  );
  const { rows } = await sql<{ id: number } & Record<SearchField, string>>`
    select rowid as id, ${sql.join(snippets)}
    from applicant_search where applicant_search match ${match}
    order by bm25(applicant_search, 10.0, 10.0, 4.0, 2.0, 1.0), rowid desc`.execute(db);
  return rows.map((row) => firstHit(row.id, row));
}

/** A word that begins with one of `terms`, as the search matches them. */
function termPattern(terms: readonly string[]): RegExp {
  const escaped = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${escaped.join('|')})[\\p{L}\\p{M}\\p{N}]*`, 'giu');
}

/**
 * A passage of `text` of about SNIPPET_WORDS words around the first `word`, each such word between hit
 * markers (as SQLite's snippet() gives).
 */
function markedPassage(text: string, word: RegExp): string {
  const words = text.split(/\s+/);
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
  const { rows } = await sql<{ id: number } & Record<SearchField, string>>`
    select a.id, a.cover_letter as "coverLetter", coalesce(r.text, '') as resume, a.job_title as "jobTitle",
      a.name, a.email
    from applicants a
      join resumes r on r.applicant_id = a.id,
      to_tsquery('simple', ${query}) q
    where a.search_vector @@ q
    order by ts_rank(a.search_vector, q) desc, a.id desc`.execute(db);
  const word = termPattern(terms);
  return rows.map((row) => {
    const field = SEARCH_FIELDS.find((f) => row[f].search(word) >= 0) ?? SEARCH_FIELDS[0];
    return { id: Number(row.id), field, snippet: markedPassage(row[field], word) };
  });
}

/**
 * Applicants whose name, e-mail, job title, cover letter or resume text hold every word of
 * `query` (each as a word's beginning), best match first, each with its best passage. A query
 * without a letter or digit finds nobody.
 */
export async function searchApplicants(db: Kysely<Database>, kind: DbKind, query: string): Promise<Applicant[]> {
  const terms = searchTerms(query);
  if (!terms.length) return [];
  const ranked = kind === 'sqlite' ? await rankSqlite(db, terms) : await rankPostgres(db, terms);
  const byId = new Map(
    (
      await getApplicantsByIds(
        db,
        ranked.map((r) => r.id),
      )
    ).map((a) => [a.id, a]),
  );
  return ranked.flatMap(({ id, field, snippet }) => {
    const applicant = byId.get(id);
    return applicant ? [{ ...applicant, match: parseSnippet(field, snippet) }] : [];
  });
}
