/**
 * Admin accounts CLI.
 *
 *   npm run admin -- create <email>           asks for a password (twice, no echo) or reads it from stdin
 *   npm run admin -- reset-password <email>   same; also logs out every session of that admin
 *   npm run admin -- list
 *   npm run admin -- delete <email>           refuses to delete the last admin
 *
 * Uses the same environment as the server: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL).
 * Example without a terminal: `echo 'a long password' | npm run admin -- create ops@example.com`
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ADMIN_PASSWORD_MIN, PASSWORD_MAX } from '~/lib/limits';
import {
  countAdmins,
  deleteAdmin,
  findAdminByEmail,
  insertAdmin,
  listAdmins,
  migrateToLatest,
  openDatabase,
  setAdminPassword,
  type Database,
} from '~/server/db';
import { EnvError, parseApiEnv } from '~/server/env';
import { hashPassword } from '~/server/features/auth/password';

const USAGE = `Usage: npm run admin -- <command>
  create <email>            create an admin (password asked without echo, or read from stdin)
  reset-password <email>    set a new password and end that admin's sessions
  list                      list admins
  delete <email>            delete an admin (never the last one)`;

class CliError extends Error {}

const emailSchema = z.string().trim().toLowerCase().email();

function parseEmail(value: string | undefined): string {
  const result = emailSchema.safeParse(value ?? '');
  if (!result.success) throw new CliError(`A valid e-mail address is required.\n\n${USAGE}`);
  return result.data;
}

function checkPassword(password: string): string {
  if (password.length < ADMIN_PASSWORD_MIN) throw new CliError(`The password must be at least ${ADMIN_PASSWORD_MIN} characters.`);
  if (password.length > PASSWORD_MAX) throw new CliError(`The password must be at most ${PASSWORD_MAX} characters.`);
  return password;
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

async function run(db: Kysely<Database>, command: string | undefined, arg: string | undefined): Promise<void> {
  switch (command) {
    case 'create': {
      const email = parseEmail(arg);
      if (await findAdminByEmail(db, email)) throw new CliError(`An admin ${email} already exists; use reset-password.`);
      await insertAdmin(db, email, await hashPassword(await askPassword()));
      console.log(`Admin ${email} created.`);
      return;
    }
    case 'reset-password': {
      const email = parseEmail(arg);
      if (!(await findAdminByEmail(db, email))) throw new CliError(`No admin ${email}.`);
      await setAdminPassword(db, email, await hashPassword(await askPassword()));
      console.log(`Password of ${email} changed; its existing sessions are logged out.`);
      return;
    }
    case 'list': {
      const admins = await listAdmins(db);
      if (!admins.length) console.log('No admins yet. The server creates the first one on start.');
      for (const a of admins) console.log(`${a.email}\tcreated ${a.created_at}`);
      return;
    }
    case 'delete': {
      const email = parseEmail(arg);
      if (!(await findAdminByEmail(db, email))) throw new CliError(`No admin ${email}.`);
      if ((await countAdmins(db)) <= 1) throw new CliError('Refusing to delete the last admin; create another one first.');
      await deleteAdmin(db, email);
      console.log(`Admin ${email} deleted.`);
      return;
    }
    default:
      throw new CliError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE);
  }
}

async function main(): Promise<number> {
  const [command, arg] = process.argv.slice(2);
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
  const handle = openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, poolSize: 1 });
  try {
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.kind);
    await run(handle.db, command, arg);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      console.error(error.message);
      return command && ['create', 'reset-password', 'list', 'delete'].includes(command) ? 1 : 2;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
