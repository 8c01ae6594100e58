import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect';

// Resume text (read after the application is stored), the search index over applicants and
// that text, and the phone key that links one person's applications.
export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  await db.schema.alterTable('resumes').addColumn('text', 'text').execute();
  await db.schema
    .alterTable('resumes')
    .addColumn('text_state', 'text', (c) => c.notNull().defaultTo('pending'))
    .execute();
  // Resumes stored before: the server reads them after its next start; no library reads a .doc.
  await sql`update resumes set text_state = 'unsupported' where kind = 'doc'`.execute(db);
  await db.schema.alterTable('applicants').addColumn('phone_key', 'text').execute();
  const { rows } = await sql<{ id: number; phone: string }>`select id, phone from applicants`.execute(db);
  for (const row of rows)
    await sql`update applicants set phone_key = ${phoneKey(row.phone)} where id = ${row.id}`.execute(db);
  await db.schema.createIndex('applicants_phone_key_idx').on('applicants').column('phone_key').execute();
  await db.schema.createIndex('applicants_email_key_idx').on('applicants').column('email_key').execute();
  if (kind === 'sqlite') await sqliteSearchIndex(db);
  else await postgresSearchIndex(db);
}

/**
 * SQLite: an FTS5 table, one row per applicant (rowid = applicant id), kept by triggers so every
 * way a row leaves (delete, erasure, retention) takes its index entry with it. Marks (M*) belong
 * to words, as Devanagari and Tamil vowel signs must. `secure-delete`
 * removes a deleted row's words from the index itself, not only from its listing.
 */
async function sqliteSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table applicant_search using fts5(
    name, email, job_title, cover_letter, resume_text,
    tokenize = "unicode61 remove_diacritics 2 categories 'L* M* N* Co'")`.execute(db);
  await sql`insert into applicant_search(applicant_search, rank) values ('secure-delete', 1)`.execute(db);
  await sql`create trigger applicant_search_insert after insert on applicants begin
    insert into applicant_search(rowid, name, email, job_title, cover_letter, resume_text)
    values (new.id, new.name, new.email, new.job_title, new.cover_letter, '');
  end`.execute(db);
  await sql`create trigger applicant_search_delete after delete on applicants begin
    delete from applicant_search where rowid = old.id;
  end`.execute(db);
  await sql`create trigger applicant_search_resume after update of text on resumes begin
    update applicant_search set resume_text = coalesce(new.text, '') where rowid = new.applicant_id;
  end`.execute(db);
  await sql`insert into applicant_search(rowid, name, email, job_title, cover_letter, resume_text)
    select id, name, email, job_title, cover_letter, '' from applicants`.execute(db);
}

/**
 * PostgreSQL: a weighted `tsvector` on each applicant (name and e-mail A, job title B, cover
 * letter C, resume text D) with a GIN index, computed by a trigger from the row and its resume's
 * text; a change to the text recomputes it. The 'simple' configuration, like SQLite's tokenizer,
 * matches words as written (no stemming), so both databases find the same applicants.
 */
async function postgresSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`alter table applicants add column search_vector tsvector`.execute(db);
  // PostgreSQL's parser keeps 'i.MX8', 'jane.doe@example.com' or '<b>word' whole (as a host, an
  // e-mail, a tag); SQLite's tokenizer splits them at every sign. Signs become spaces first, so
  // both find 'mx8', 'example' and 'word'.
  await sql`create function applicant_search_words(words text) returns text language sql immutable as $$
    select translate(words, '<>()[]{}.,;:!?@_+=/\\|"''\u0060~#$%^&*-', repeat(' ', 32))
  $$`.execute(db);
  await sql`create function applicant_search_vector() returns trigger language plpgsql as $$
  begin
    new.search_vector :=
      setweight(to_tsvector('simple', applicant_search_words(new.name || ' ' || new.email)), 'A') ||
      setweight(to_tsvector('simple', applicant_search_words(new.job_title)), 'B') ||
      setweight(to_tsvector('simple', applicant_search_words(new.cover_letter)), 'C') ||
      setweight(to_tsvector('simple', applicant_search_words(
        coalesce((select text from resumes where applicant_id = new.id), ''))), 'D');
    return new;
  end $$`.execute(db);
  await sql`create trigger applicant_search_vector before insert or update of name, email, job_title, cover_letter, search_vector
    on applicants for each row execute function applicant_search_vector()`.execute(db);
  await sql`create function applicant_search_resume() returns trigger language plpgsql as $$
  begin
    update applicants set search_vector = null where id = new.applicant_id;
    return null;
  end $$`.execute(db);
  await sql`create trigger applicant_search_resume after update of text on resumes
    for each row execute function applicant_search_resume()`.execute(db);
  await sql`update applicants set search_vector = null`.execute(db);
  await sql`create index applicants_search_idx on applicants using gin (search_vector)`.execute(db);
}

/**
 * A phone's key as the app computed it when this migration shipped (its last ten digits), so the
 * rows filled here match those the app writes.
 */
function phoneKey(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-10) : null;
}
