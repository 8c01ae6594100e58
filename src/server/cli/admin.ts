/**
 * Admin accounts CLI.
 *
 *   npm run admin -- create <email> [--role R] asks for a password (twice, no echo) or reads it from stdin; an owner unless --role says recruiter or viewer
 *   npm run admin -- disable-2fa <email>      turns two-factor sign-in off (a lost phone)
 *   npm run admin -- reset-password <email>   same; also logs out every session of that admin
 *   npm run admin -- list
 *   npm run admin -- delete <email>           refuses to delete the last admin
 *   npm run admin -- purge [--dry-run]        erases (or lists) what is past its retention limit
 *   npm run admin -- export <email> <out.zip> everything stored about a person, with resumes
 *   npm run admin -- erase <email>            deletes every application and message of a person
 *   npm run admin -- backup <file>            a consistent copy of the SQLite database, while the server runs; prunes old ones
 *   npm run admin -- restore <file>           puts a backup in place of DATA_DIR's database (server stopped)
 *   npm run admin -- verify-backup <file>     proves a backup restores: checks it, restores it into a scratch database, migrates it
 *   npm run admin -- migrate --dry-run        lists the pending migrations and runs them on a copy (SQLite)
 *   npm run admin -- healthcheck              exits 0 when the server at HOST:PORT is ready, else 1 (no curl needed)
 *
 * Uses the same environment as the server: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL).
 * Example without a terminal: `echo 'a long password' | npm run admin -- create ops@example.com`
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { newPasswordSchema } from '~/lib/schemas/password-reset';
import {
  BackupError,
  backupDatabase,
  countAdmins,
  disableTotp,
  findAdminByEmail,
  guardRestoredData,
  insertAdmin,
  listAdmins,
  migrateToLatest,
  openDatabase,
  pruneBackups,
  recordBackup,
  removeAdmin,
  restoreDatabase,
  backupBeforeMigrating,
  dryRunMigrations,
  verifyBackup,
  setAdminPassword,
  type Database,
  type DbKind,
} from '~/server/db';
import { JWT_SECRET_FILE, TWO_FACTOR_KEY_FILE } from '~/server/boot';
import { configFromEnv, databaseOptionsFromEnv } from '~/server/config';
import { EnvError, parseApiEnv, type ApiEnv } from '~/server/env';
import { audit } from '~/server/services/audit';
import { collectPersonData, erasePerson, personZip } from '~/server/features/privacy';
import { privacyMessages } from '~/lib/privacy';
import { purgeExpired } from '~/server/retention/purge';
import { hashPassword } from '~/server/services/password';
import { roleSchema, type Role } from '~/lib/team';
import { healthcheck } from './healthcheck';

const USAGE = `Usage: npm run admin -- <command>
  create <email> [--role R] create an admin (password asked without echo, or read from stdin);
                            R is owner (the default), recruiter or viewer
  disable-2fa <email>       turn off two-factor sign-in of that admin (a lost phone); they sign in with the password
  reset-password <email>    set a new password and end that admin's sessions
  list                      list admins
  delete <email>            delete an admin (never the last one)
  purge [--dry-run]         erase what is past its retention limit (RETENTION_DAYS_*), or only count it
  export <email> <out.zip>  write everything stored about that e-mail address, with resumes, to a zip
  erase <email>             delete every application, resume and contact message of that address
  backup <file>             copy the SQLite database to a new file, DATA_DIR's jwt-secret and
                            two-factor-key beside it; consistent while the server runs; never overwrites;
                            then deletes this site's backups in that folder older than BACKUP_KEEP_DAYS
  restore <file>            put a backup in place of DATA_DIR's database, only while the server is
                            stopped; the replaced database is kept as edgecraft.sqlite.before-restore-*
                            until the server has started on the restored one
  verify-backup <file>      check a backup (a damaged or half-written file is refused), restore it into a
                            scratch database, migrate it, compare the counts; exit 0, or 1 with the reason
  migrate --dry-run         list the migrations the database lacks and run them on a copy of it (SQLite);
                            a start (or any other command) backs it up to DATA_DIR/backups/ first, then migrates
  healthcheck               ask the server at HOST and PORT whether it is ready (GET /api/health/ready):
                            exit 0 when it is, 1 with one line saying why when not (Docker's or systemd's check)
  after-restore             after pg_restore (PostgreSQL): erase again whoever is on DATA_DIR's erasure
                            ledger and hold the restored unsent mails for an owner (SQLite's restore does both)`;

class CliError extends Error {}

const emailSchema = z.string().trim().toLowerCase().email();

function parseEmail(value: string | undefined): string {
  const result = emailSchema.safeParse(value ?? '');
  if (!result.success) throw new CliError(`A valid e-mail address is required.\n\n${USAGE}`);
  return result.data;
}

/** The rule the e-mail reset applies too (src/lib/schemas/password-reset.ts). */
function checkPassword(password: string): string {
  const result = newPasswordSchema.safeParse(password);
  if (!result.success) throw new CliError(result.error.issues[0]?.message ?? 'Invalid password.');
  return result.data;
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new CliError('Cancelled.'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of stdin (trailing CR/LF removed). */
async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) return checkPassword(await readStdinLine());
  const first = checkPassword(await promptHidden('New password: '));
  const second = await promptHidden('Repeat password: ');
  if (first !== second) throw new CliError('The passwords do not match.');
  return first;
}

const COMMANDS = [
  'create',
  'disable-2fa',
  'reset-password',
  'list',
  'delete',
  'purge',
  'export',
  'erase',
  'backup',
  'restore',
  'after-restore',
  'healthcheck',
  'verify-backup',
  'migrate',
];

/** What a database holds, in one line. */
function summarize(s: { bytes: number; applicants: number; jobs: number; messages: number; schema: string }): string {
  const size = s.bytes >= 1_048_576 ? `${(s.bytes / 1_048_576).toFixed(1)} MB` : `${Math.ceil(s.bytes / 1024)} KB`;
  return `${size}; ${s.applicants} applicants, ${s.jobs} jobs, ${s.messages} contact messages; schema ${s.schema}`;
}

/**
 * `backup` and `restore` work on the SQLite file itself, without opening it the way the other
 * commands do: no migrations (a backup must not change a running server's schema, and a restore
 * must find the database closed).
 */
async function runFileCommand(
  env: ApiEnv,
  command: 'backup' | 'restore' | 'verify-backup',
  file: string | undefined,
): Promise<void> {
  if (!file) throw new CliError(`Name the backup file.\n\n${USAGE}`);
  if (command === 'verify-backup') {
    const result = await verifyBackup(file);
    const migrated = result.migrated
      ? `${result.migrated} migration${result.migrated === 1 ? '' : 's'} applied`
      : 'no migration pending';
    console.log(
      `Verified ${result.file}: ${summarize(result)}; restored into a scratch database, ${migrated}, the same counts after.`,
    );
    return;
  }
  const storage = { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL };
  // A secret given as a setting is not the file in DATA_DIR: the operator keeps that setting.
  const carried = SECRET_FILES.filter(({ setting }) => !env[setting]);
  const set = SECRET_FILES.filter(({ setting }) => env[setting]);
  const secretFiles = carried.map(({ file: name }) => path.join(env.DATA_DIR, name));
  if (command === 'backup') {
    const result = await backupDatabase(storage, file, secretFiles);
    // Checked (integrity_check, counts) by backupDatabase before it took its name: readiness reads its age.
    recordBackup(env.DATA_DIR, { at: new Date(), file: result.file });
    console.log(`Wrote ${result.file}: ${summarize(result)}.`);
    for (const copy of result.secretCopies) {
      const secret = carried.find(({ file: name }) => copy.endsWith(`.${name}`));
      console.log(`Wrote ${copy} (mode 0600): ${secret?.name}; keep it with the backup.`);
    }
    for (const { setting } of set) console.log(`${setting} is set: keep it with your backups, it is not in this file.`);
    const pruned = pruneBackups(path.dirname(result.file), {
      keepDays: env.BACKUP_KEEP_DAYS,
      keep: result.file,
      secretNames: SECRET_FILES.map(({ file: name }) => name),
    });
    for (const old of pruned)
      console.log(`Deleted ${old}: older than ${env.BACKUP_KEEP_DAYS} days (BACKUP_KEEP_DAYS).`);
    return;
  }
  const result = restoreDatabase(storage, file, secretFiles);
  console.log(`Restored ${result.file} into ${env.DATA_DIR}: ${summarize(result)}.`);
  if (result.pendingMigrations)
    console.log(
      `The server applies ${result.pendingMigrations} newer migration${result.pendingMigrations === 1 ? '' : 's'} when it starts.`,
    );
  if (result.previous)
    console.log(
      `The database it replaced is kept as ${result.previous} until the server has started on the restored one; to undo, move it back before starting.`,
    );
  result.secrets.forEach(({ state, previous }, i) => {
    const secret = carried[i];
    if (!secret) return;
    const name = secret.name.replace(/^the /, '');
    if (state === 'restored')
      console.log(`The ${name} was restored${previous ? `; the one it replaced is kept as ${previous}` : ''}.`);
    else if (state === 'absent') console.log(`No ${name} beside the backup: ${secret.withoutIt}.`);
  });
  for (const { setting, file: name, use } of set)
    console.log(`${setting} is set: ${use}, so DATA_DIR/${name} was left alone.`);
}

/** DATA_DIR's secret files, which a backup carries beside the database unless their setting replaces them. */
const SECRET_FILES = [
  {
    setting: 'JWT_SECRET',
    file: JWT_SECRET_FILE,
    name: 'the JWT secret',
    use: 'tokens are signed with it',
    withoutIt: 'tokens signed before it are refused unless the secret is the same',
  },
  {
    setting: 'TWO_FACTOR_KEY',
    file: TWO_FACTOR_KEY_FILE,
    name: 'the two-factor key',
    use: 'authenticator keys are encrypted with it',
    withoutIt: 'two-factor sign-in works only if DATA_DIR holds the key the backup was made with',
  },
] as const;

/** `migrate --dry-run`: what a start would migrate, tried on a copy; the database is only read. */
async function dryRun(env: ApiEnv, option: string | undefined): Promise<void> {
  if (option !== '--dry-run')
    throw new CliError(`migrate only has --dry-run: the server migrates when it starts.\n\n${USAGE}`);
  if (env.DATABASE_URL)
    throw new CliError(
      'migrate --dry-run copies the SQLite database; with DATABASE_URL, pg_restore a pg_dump into a scratch database and start a server on it.',
    );
  const result = await dryRunMigrations(env.DATA_DIR);
  if (!result.pending.length) {
    console.log(`No pending migrations: the database is at schema ${result.schema}. Nothing was changed.`);
    return;
  }
  console.log(`Pending migrations: ${result.pending.join(', ')}.`);
  console.log(
    `Run on a copy of the database: they apply, and the counts stay the same (${summarize(result)}). Nothing was changed.`,
  );
}

/** The RETENTION_DAYS_* limits, read as the server reads them. */
const retentionDays = (env: ApiEnv) => configFromEnv(env, '', '').retentionDays;

/** `--role R` (or `--role=R`) among the arguments, else owner. */
function parseRole(args: (string | undefined)[]): Role {
  const at = args.findIndex((a) => a === '--role' || a?.startsWith('--role='));
  if (at < 0) return 'owner';
  const value = args[at]?.includes('=') ? args[at]?.split('=')[1] : args[at + 1];
  const result = roleSchema.safeParse(value);
  if (!result.success) throw new CliError(`--role must be owner, recruiter or viewer.\n\n${USAGE}`);
  return result.data;
}

async function run(db: Kysely<Database>, kind: DbKind, env: ApiEnv, args: (string | undefined)[]): Promise<void> {
  const [command, arg, second] = args;
  switch (command) {
    case 'create': {
      const email = parseEmail(arg);
      const role = parseRole(args.slice(2));
      if (await findAdminByEmail(db, email))
        throw new CliError(`An admin ${email} already exists; use reset-password.`);
      if (role !== 'owner' && !(await listAdmins(db)).some((a) => a.role === 'owner'))
        throw new CliError('The team has no owner yet: create an owner first (leave out --role).');
      const created = await insertAdmin(db, email, await hashPassword(await askPassword()), new Date(), role);
      await audit(db, {
        action: 'admin.created',
        summary: `created admin #${created.id} with the admin CLI`,
      });
      console.log(role === 'owner' ? `Admin ${email} created.` : `Admin ${email} created (${role}).`);
      return;
    }
    case 'disable-2fa': {
      const email = parseEmail(arg);
      const admin = await findAdminByEmail(db, email);
      if (!admin) throw new CliError(`No admin ${email}.`);
      if (!admin.totp_secret) {
        console.log(`Two-factor sign-in of ${email} is already off.`);
        return;
      }
      await disableTotp(db, Number(admin.id));
      await audit(db, {
        action: 'two_factor.disabled',
        admin: { id: Number(admin.id), email: admin.email },
        summary: 'two-factor sign-in turned off with the admin CLI',
      });
      console.log(`Two-factor sign-in of ${email} is off; they sign in with their password and can set it up again.`);
      return;
    }
    case 'reset-password': {
      const email = parseEmail(arg);
      const admin = await findAdminByEmail(db, email);
      if (!admin) throw new CliError(`No admin ${email}.`);
      await setAdminPassword(db, email, await hashPassword(await askPassword()));
      await audit(db, {
        action: 'password.reset',
        admin: { id: Number(admin.id), email: admin.email },
        summary: 'password reset with the admin CLI',
      });
      console.log(`Password of ${email} changed; its existing sessions are logged out.`);
      return;
    }
    case 'list': {
      const admins = await listAdmins(db);
      if (!admins.length) console.log('No admins yet. The server creates the first one on start.');
      for (const a of admins) console.log(`${a.email}\tcreated ${a.created_at}\t${a.role}`);
      return;
    }
    case 'delete': {
      const email = parseEmail(arg);
      const found = await findAdminByEmail(db, email);
      if (!found) throw new CliError(`No admin ${email}.`);
      if ((await countAdmins(db)) <= 1)
        throw new CliError('Refusing to delete the last admin; create another one first.');
      if ((await removeAdmin(db, Number(found.id))) === 'last_owner')
        throw new CliError('Refusing to delete the last owner; make another admin an owner first.');
      await audit(db, { action: 'admin.deleted', summary: `deleted admin #${found.id} with the admin CLI` });
      console.log(`Admin ${email} deleted.`);
      return;
    }
    case 'purge': {
      if (arg !== undefined && arg !== '--dry-run') throw new CliError(`Unknown option "${arg}".\n\n${USAGE}`);
      const dryRun = arg === '--dry-run';
      const counts = await purgeExpired(db, retentionDays(env), new Date(), { dryRun });
      console.log(dryRun ? 'Would erase (dry run, nothing changed):' : 'Erased:');
      console.log(`  applicants       ${counts.applicants}`);
      console.log(`  resumes          ${counts.resumes}`);
      console.log(`  contact messages ${counts.messages}`);
      console.log(`  audit entries    ${counts.auditEntries}`);
      console.log(`  mails            ${counts.mails}`);
      console.log(`  view counts      ${counts.views}`);
      console.log(`  mail links       ${counts.mailLinks}`);
      console.log(`  job alerts       ${counts.jobAlerts}`);
      return;
    }
    case 'export': {
      const email = parseEmail(arg);
      if (!second) throw new CliError(`Name the zip file to write.\n\n${USAGE}`);
      const now = new Date();
      await audit(db, { action: 'person.exported', summary: 'exported personal data with the admin CLI' }, now);
      const { data, resumes } = await collectPersonData(db, email, retentionDays(env), now);
      writeFileSync(second, await personZip(data, resumes), { mode: 0o600 });
      console.log(
        `Wrote ${second}: ${data.applications.length} applications, ${resumes.length} resumes, ${data.contactMessages.length} contact messages, ${data.auditEntries.length} audit entries.`,
      );
      return;
    }
    case 'erase': {
      const email = parseEmail(arg);
      const erased = await erasePerson(db, kind, email, configFromEnv(env, '', '').erasureLedger, new Date());
      await audit(db, { action: 'person.erased', summary: `${privacyMessages.erased(erased)} (admin CLI)` });
      console.log(`Erased ${erased} record${erased === 1 ? '' : 's'} of ${email}.`);
      return;
    }
    case 'after-restore': {
      const ledger = configFromEnv(env, '', '').erasureLedger;
      const { erasedAgain, unsubscribedAgain, held } = await guardRestoredData(
        db,
        kind,
        { ledger, restored: true },
        new Date(),
      );
      console.log(
        `Erased again ${erasedAgain} ${erasedAgain === 1 ? 'person' : 'people'} and unsubscribed again ${unsubscribedAgain} job ${unsubscribedAgain === 1 ? 'alert' : 'alerts'} on the erasure ledger; held ${held} unsent ${held === 1 ? 'mail' : 'mails'} for an owner to send or discard in the Outbox tab.`,
      );
      return;
    }
    default:
      throw new CliError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE);
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const command = args[0];
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  let env;
  try {
    env = parseApiEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (command === 'healthcheck') {
    // Only the server is asked: a check runs often and must not open its database.
    const { ready, line } = await healthcheck(env);
    (ready ? console.log : console.error)(line);
    return ready ? 0 : 1;
  }
  if (command === 'migrate') {
    try {
      await dryRun(env, args[1]);
      return 0;
    } catch (error) {
      if (error instanceof CliError || error instanceof BackupError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  }
  if (command === 'backup' || command === 'restore' || command === 'verify-backup') {
    try {
      await runFileCommand(env, command, args[1]);
      return 0;
    } catch (error) {
      if (error instanceof CliError || error instanceof BackupError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  }
  const handle = openDatabase({ ...databaseOptionsFromEnv(env), poolSize: 1 });
  try {
    // As a start does: an upgrade's first command sets the database as it was aside before migrating it.
    if (handle.kind === 'sqlite') {
      const secretFiles = SECRET_FILES.map(({ file }) => path.join(env.DATA_DIR, file));
      const written = await backupBeforeMigrating(
        handle.db,
        env.DATA_DIR,
        secretFiles,
        env.BACKUP_KEEP_DAYS,
        new Date(),
      ).catch((error: Error) => {
        throw new CliError(error.message);
      });
      if (written) console.error(`Wrote ${written} before migrating the database.`);
    }
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.kind);
    await run(handle.db, handle.kind, env, args);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      console.error(error.message);
      return command && COMMANDS.includes(command) ? 1 : 2;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
