import { createHmac, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { isUniqueViolation } from './client';
import { erasePersonRecords, messageEmailKey } from './personal-data';
import type { Database, DbKind } from './schema';

/**
 * The erasure ledger: who was erased and which job alerts were unsubscribed, as keyed hashes
 * (HMAC-SHA256) under a random key, never an address, kept where restoring a backup cannot take
 * it back. A restored database is checked against it: what anyone on it had by the time of their
 * erasure is erased again (what they sent since stays), and any alert on it is deleted again.
 * - SQLite: a file in DATA_DIR beside the database, never inside it. Its first line is the key;
 *   each further line a person's hash and the time of the erasure, or `alert ` and an alert's hash.
 * - PostgreSQL: the tables of the schema `erasure_ledger` in the site's database, which every
 *   instance writes and reads; the dumps docs/CONFIGURATION.md prescribes leave that schema out, so
 *   `pg_restore --clean` never replaces it. A file an instance kept before is still read.
 */
export const ERASURE_LEDGER_FILE = 'erasures.ledger';
/** The PostgreSQL schema of the shared ledger (docs/CONFIGURATION.md: pg_dump --exclude-schema). */
export const ERASURE_LEDGER_SCHEMA = 'erasure_ledger';

const KEY_PREFIX = 'key ';
const ALERT_PREFIX = 'alert ';

/**
 * What a restore must lose again: keyed hashes of people (e-mail keys) with the time they were last
 * erased (null: an entry from before times were kept, which erases all they have), and of job alerts.
 */
type LedgerPart = { key: string; people: Map<string, string | null>; alerts: Set<string> };

/** Adds one entry's line (`alert <hash>`, or `<hash> <time>`, or a bare `<hash>` from before) to `part`. */
function addEntry(part: LedgerPart, line: string): void {
  if (line.startsWith(ALERT_PREFIX)) {
    part.alerts.add(line.slice(ALERT_PREFIX.length));
    return;
  }
  const [hash = '', at = null] = line.split(' ');
  const known = part.people.get(hash);
  part.people.set(hash, known === null || at === null ? null : known === undefined || at > known ? at : known);
}

/** The ledger's storage: `file` is DATA_DIR's ledger file; null turns the ledger off (tests). */
export type ErasureLedger = { db: Kysely<Database>; kind: DbKind; file: string | null };

/** An alert as the ledger knows it: its address and the moment it was asked for, which no other alert shares. */
type AlertIdentity = { email_key: string; created_at: string };

const hashOf = (key: string, value: string) => createHmac('sha256', key).update(value).digest('hex');
const alertValue = (alert: AlertIdentity) => `${alert.email_key} ${alert.created_at}`;

function fileKey(file: string): string {
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

function filePart(file: string): LedgerPart | null {
  if (!existsSync(file)) return null;
  const [, ...lines] = readFileSync(file, 'utf8').split('\n');
  const part: LedgerPart = { key: fileKey(file), people: new Map(), alerts: new Set() };
  for (const line of lines.filter(Boolean)) addEntry(part, line);
  return part;
}

const table = (name: 'key' | 'entries') => sql.table(`${ERASURE_LEDGER_SCHEMA}.${name}`);

/** Creates the PostgreSQL ledger if missing (a new server restored from a dump without it) and returns its key. */
async function postgresKey(db: Kysely<Database>): Promise<string> {
  const ddl = [
    sql`create schema if not exists ${sql.id(ERASURE_LEDGER_SCHEMA)}`,
    sql`create table if not exists ${table('key')} (id integer primary key check (id = 1), key text not null)`,
    sql`create table if not exists ${table('entries')} (entry text primary key)`,
  ];
  for (const statement of ddl) {
    try {
      await statement.execute(db);
    } catch (error) {
      // Two instances starting at once: the other one created it.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  await sql`insert into ${table('key')} (id, key) values (1, ${randomBytes(32).toString('hex')})
    on conflict (id) do nothing`.execute(db);
  const { rows } = await sql<{ key: string }>`select key from ${table('key')} where id = 1`.execute(db);
  return rows[0]!.key;
}

async function postgresPart(db: Kysely<Database>): Promise<LedgerPart> {
  const key = await postgresKey(db);
  const { rows } = await sql<{ entry: string }>`select entry from ${table('entries')}`.execute(db);
  const part: LedgerPart = { key, people: new Map(), alerts: new Set() };
  for (const { entry } of rows) addEntry(part, entry);
  return part;
}

/**
 * Adds one entry (`prefix`, the keyed hash of `value`, then `suffix`), flushed or committed before
 * the caller deletes anything.
 */
async function record(ledger: ErasureLedger, prefix: string, value: string, suffix = ''): Promise<void> {
  if (!ledger.file) return;
  if (ledger.kind === 'postgres') {
    const entry = `${prefix}${hashOf(await postgresKey(ledger.db), value)}${suffix}`;
    await sql`insert into ${table('entries')} (entry) values (${entry}) on conflict (entry) do nothing`.execute(
      ledger.db,
    );
    return;
  }
  appendFileSync(ledger.file, `${prefix}${hashOf(fileKey(ledger.file), value)}${suffix}\n`, { mode: 0o600 });
}

/** Adds a person (their normalised e-mail address) erased at `at` to the ledger. */
export function recordErasure(ledger: ErasureLedger, emailKey: string, at: Date): Promise<void> {
  return record(ledger, '', emailKey, ` ${at.toISOString()}`);
}

/** Adds an unsubscribed job alert: a restore brings that one back no more (a later subscription is another). */
export function recordUnsubscription(ledger: ErasureLedger, alert: AlertIdentity): Promise<void> {
  return record(ledger, ALERT_PREFIX, alertValue(alert));
}

/**
 * Erases again everyone on the ledger who is in the database, and deletes again every alert on it
 * (after a restore, or a start on a restored database); says how many people and alerts that was.
 * A missing ledger means nothing was ever erased or unsubscribed here.
 */
export async function reapplyErasures(ledger: ErasureLedger): Promise<{ people: number; alerts: number }> {
  const { db, kind, file } = ledger;
  if (!file) return { people: 0, alerts: 0 };
  const parts = [kind === 'postgres' ? await postgresPart(db) : null, filePart(file)].filter(
    (part): part is LedgerPart => part !== null && (part.people.size > 0 || part.alerts.size > 0),
  );
  if (!parts.length) return { people: 0, alerts: 0 };
  const keys = new Set<string>();
  for (const row of await db.selectFrom('applicants').select('email_key').distinct().execute()) keys.add(row.email_key);
  for (const row of await db.selectFrom('contact_messages').select(messageEmailKey.as('key')).distinct().execute())
    keys.add(row.key);
  for (const row of await db.selectFrom('outbox').select('subject_key').distinct().execute())
    if (row.subject_key) keys.add(row.subject_key);
  for (const row of await db.selectFrom('job_alerts').select('email_key').distinct().execute()) keys.add(row.email_key);
  let people = 0;
  for (const emailKey of keys) {
    const times = parts.flatMap((part) => {
      const at = part.people.get(hashOf(part.key, emailKey));
      return at === undefined ? [] : [at];
    });
    if (!times.length) continue;
    const upTo = times.includes(null) ? undefined : (times as string[]).sort().at(-1);
    if (await erasePersonRecords(db, kind, emailKey, upTo)) people++;
  }
  let alerts = 0;
  for (const alert of await db.selectFrom('job_alerts').select(['id', 'email_key', 'created_at']).execute()) {
    if (!parts.some((part) => part.alerts.has(hashOf(part.key, alertValue(alert))))) continue;
    await removeRestoredJobAlert(db, { id: Number(alert.id), emailKey: alert.email_key });
    alerts++;
  }
  return { people, alerts };
}

/**
 * Deletes again an alert a restored backup brought back although it was unsubscribed, with the
 * backup's unsent mails about alerts to that address: they would subscribe or mail someone who left.
 */
async function removeRestoredJobAlert(db: Kysely<Database>, alert: { id: number; emailKey: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('job_alerts').where('id', '=', alert.id).execute();
    await trx
      .deleteFrom('outbox')
      .where('subject_key', '=', alert.emailKey)
      .where('kind', 'in', ['job_alert_confirm', 'job_alert', 'job_alert_reminder'])
      .where('status', '=', 'pending')
      .execute();
  });
}
