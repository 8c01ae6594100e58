import { createHmac, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { erasePersonRecords, messageEmailKey } from './personal-data';
import type { Database, DbKind } from './schema';

/**
 * The erasure ledger: a file in DATA_DIR beside the database, never inside it, so restoring a
 * backup cannot take it back. Its first line is a random key; each further line the keyed hash
 * (HMAC-SHA256) of a person's normalised e-mail address, never the address. A restored database
 * is checked against it, and anyone on it is erased again.
 */
export const ERASURE_LEDGER_FILE = 'erasures.ledger';

const KEY_PREFIX = 'key ';

function ledgerKey(file: string): string {
  if (!existsSync(file)) {
    try {
      writeFileSync(file, `${KEY_PREFIX}${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      // Another process wrote it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const first = readFileSync(file, 'utf8').split('\n', 1)[0] ?? '';
  if (!first.startsWith(KEY_PREFIX)) throw new Error(`${file} does not start with its key line`);
  return first.slice(KEY_PREFIX.length);
}

const hashOf = (key: string, emailKey: string) => createHmac('sha256', key).update(emailKey).digest('hex');

/** Adds a person (their normalised e-mail address) to the ledger, appended and flushed by the OS at once. */
export function recordErasure(file: string, emailKey: string): void {
  appendFileSync(file, `${hashOf(ledgerKey(file), emailKey)}\n`, { mode: 0o600 });
}

/**
 * Erases again everyone on the ledger who is in the database (after a restore, or a start on a
 * restored file); returns how many people were. A missing ledger means no erasure was ever made here.
 */
export async function reapplyErasures(db: Kysely<Database>, kind: DbKind, file: string): Promise<number> {
  if (!existsSync(file)) return 0;
  const [, ...lines] = readFileSync(file, 'utf8').split('\n');
  const erased = new Set(lines.filter(Boolean));
  if (erased.size === 0) return 0;
  const key = ledgerKey(file);
  const keys = new Set<string>();
  for (const row of await db.selectFrom('applicants').select('email_key').distinct().execute()) keys.add(row.email_key);
  for (const row of await db.selectFrom('contact_messages').select(messageEmailKey.as('key')).distinct().execute())
    keys.add(row.key);
  for (const row of await db.selectFrom('outbox').select('subject_key').distinct().execute())
    if (row.subject_key) keys.add(row.subject_key);
  let people = 0;
  for (const emailKey of keys) {
    if (!erased.has(hashOf(key, emailKey))) continue;
    await erasePersonRecords(db, kind, emailKey);
    people++;
  }
  return people;
}
