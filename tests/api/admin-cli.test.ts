import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAdminByEmail, openDatabase } from '~/server/db';
import { insertApplicantWithResume } from '../../support/seed-applicants';
import { verifyPassword } from '~/server/services/password';
import { call, processStorage, setupApi, validApplicant } from '../../support/api';
import { runAdminCli, type CliTarget } from '../helpers/cli';
import { pdfBytes } from '../../support/files';
import { readZip } from '../helpers/zip';

let storage: Awaited<ReturnType<typeof processStorage>>;

beforeAll(async () => {
  storage = await processStorage('cli');
});
afterAll(async () => {
  await storage.remove();
});

/** The admin CLI on this file's storage, or on `target`'s. */
const admin = (args: string[], stdin = '', target: CliTarget = storage) => runAdminCli(args, target, { stdin });

async function passwordMatches(email: string, password: string): Promise<boolean> {
  const handle = openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl || undefined });
  try {
    const row = await findAdminByEmail(handle.db, email);
    return row ? verifyPassword(password, row.password_hash) : false;
  } finally {
    await handle.close();
  }
}

// Each case starts the CLI a few times: allow for a busy two-core machine.
describe('admin CLI', { timeout: 120_000 }, () => {
  it('creates an admin with the password from stdin, lists it, and refuses a duplicate', async () => {
    const created = await admin(['create', 'Ops@Example.com'], 'a very long password\n');
    expect(created).toMatchObject({ code: 0, out: 'Admin ops@example.com created.\n' });
    expect(await passwordMatches('ops@example.com', 'a very long password')).toBe(true);
    expect((await admin(['list'])).out).toMatch(/^ops@example\.com\tcreated /);
    const again = await admin(['create', 'ops@example.com'], 'a very long password\n');
    expect(again.code).toBe(1);
    expect(again.err).toContain('already exists');
  });

  it('rejects a short password and a bad e-mail', async () => {
    expect(await admin(['create', 'short@example.com'], 'short\n')).toMatchObject({
      code: 1,
      err: expect.stringContaining('at least 12 characters'),
    });
    expect((await admin(['create', 'not-an-email'], 'a very long password\n')).code).toBe(1);
  });

  it('resets a password', async () => {
    expect((await admin(['reset-password', 'ops@example.com'], 'the replacement password\n')).code).toBe(0);
    expect(await passwordMatches('ops@example.com', 'the replacement password')).toBe(true);
    expect((await admin(['reset-password', 'nobody@example.com'], 'the replacement password\n')).code).toBe(1);
  });

  it('a password reset ends the tokens a running server already accepted, at their next request', async () => {
    const api = await setupApi();
    try {
      // Accepted once, so the server remembers the token's signature and checks only its session.
      expect((await call(api.app, 'GET', '/api/auth/verify', { token: api.token })).status).toBe(200);
      expect((await admin(['reset-password', api.admin.email], 'the replacement password\n', api)).code).toBe(0);
      const after = await call(api.app, 'GET', '/api/auth/verify', { token: api.token });
      expect(after.status).toBe(401);
      expect(await after.json()).toEqual({ message: 'Invalid or expired token' });
    } finally {
      await api.close();
    }
  });

  it('deletes an admin but never the last one', async () => {
    expect((await admin(['create', 'second@example.com'], 'second long password\n')).code).toBe(0);
    expect((await admin(['delete', 'second@example.com'])).code).toBe(0);
    const last = await admin(['delete', 'ops@example.com']);
    expect(last.code).toBe(1);
    expect(last.err).toContain('last admin');
  });

  it('makes the first admin of an empty database an owner only', async () => {
    const empty = await processStorage('cli-empty');
    try {
      const viewer = await admin(['create', 'v@example.com', '--role', 'viewer'], 'viewer long password\n', empty);
      expect(viewer.code).toBe(1);
      expect(viewer.err).toContain('no owner yet');
      expect((await admin(['create', 'o@example.com'], 'owner long password\n', empty)).code).toBe(0);
      expect((await admin(['list'], '', empty)).out).toMatch(/^o@example\.com\tcreated \S+\towner$/m);
    } finally {
      await empty.remove();
    }
  });

  it('creates a member with --role, keeps the last owner, and turns two-factor sign-in off with disable-2fa', async () => {
    const viewer = await admin(['create', 'viewer@example.com', '--role', 'viewer'], 'viewer long password\n');
    expect(viewer).toMatchObject({ code: 0, out: 'Admin viewer@example.com created (viewer).\n' });
    expect((await admin(['list'])).out).toMatch(/^viewer@example\.com\tcreated \S+\tviewer$/m);
    expect((await admin(['create', 'x@example.com', '--role', 'boss'], 'x long password 12\n')).code).toBe(1);
    // ops@example.com is the one owner left: a viewer beside it does not make it removable.
    const lastOwner = await admin(['delete', 'ops@example.com']);
    expect(lastOwner.code).toBe(1);
    expect(lastOwner.err).toContain('last owner');

    const handle = openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl || undefined });
    try {
      await handle.db
        .updateTable('admins')
        .set({ totp_secret: 'JBSWY3DPEHPK3PXP' })
        .where('email', '=', 'viewer@example.com')
        .execute();
      const off = await admin(['disable-2fa', 'viewer@example.com']);
      expect(off.code).toBe(0);
      expect(off.out).toContain('is off');
      expect((await findAdminByEmail(handle.db, 'viewer@example.com'))?.totp_secret).toBeNull();
      expect((await admin(['disable-2fa', 'nobody@example.com'])).code).toBe(1);
      expect((await admin(['delete', 'viewer@example.com'])).code).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it('purges (dry run first), exports a person to a zip and erases them, counting by kind', async () => {
    const handle = openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl || undefined });
    const old = new Date(Date.now() - 400 * 86_400_000);
    const pdf = pdfBytes(3000);
    const sha = createHash('sha256').update(pdf).digest('hex');
    const resume = { kind: 'pdf' as const, mimeType: 'application/pdf', data: pdf, sha256: sha };
    const job = { id: 1, title: 'Firmware Engineer', department: 'Platform' };
    const fields = { ...validApplicant, coverLetter: validApplicant.coverLetter };
    try {
      await insertApplicantWithResume(handle.db, job, { ...fields, email: 'stale@example.com' }, resume, old, '1.0');
      await insertApplicantWithResume(handle.db, { ...job, id: 2 }, { ...fields, email: 'Keep@Example.com' }, resume);
      await insertApplicantWithResume(
        handle.db,
        job,
        { ...fields, email: 'keep@example.com' },
        resume,
        new Date(),
        '1.0',
      );
    } finally {
      await handle.close();
    }
    const counts = (applicants: number, resumes: number) =>
      new RegExp(
        `applicants +${applicants}\\n +resumes +${resumes}\\n +contact messages +0\\n +audit entries +0\\n +mails +0`,
      );
    const dry = await admin(['purge', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/^Would erase \(dry run, nothing changed\):/);
    expect(dry.out).toMatch(counts(1, 1));
    expect((await admin(['purge'])).out).toMatch(counts(1, 1));
    expect((await admin(['purge'])).out).toMatch(counts(0, 0));

    const out = path.join(storage.dataDir, 'keep.zip');
    const exported = await admin(['export', 'KEEP@example.com', out]);
    expect(exported).toMatchObject({ code: 0, out: expect.stringContaining('2 applications, 2 resumes') });
    const files = await readZip(readFileSync(out));
    const person = JSON.parse(files.get('person.json')?.toString('utf8') ?? '{}') as {
      applications: { resume: { file: string } }[];
    };
    expect(person.applications).toHaveLength(2);
    for (const a of person.applications) {
      expect(
        createHash('sha256')
          .update(files.get(a.resume.file) ?? '')
          .digest('hex'),
      ).toBe(sha);
    }
    expect(await admin(['erase', 'keep@example.com'])).toMatchObject({
      code: 0,
      out: 'Erased 2 records of keep@example.com.\n',
    });
    expect((await admin(['erase', 'keep@example.com'])).out).toBe('Erased 0 records of keep@example.com.\n');
    expect((await admin(['purge', '--force'])).code).toBe(1);
  });

  it('prints usage for an unknown command with exit code 2', async () => {
    const res = await admin(['frobnicate']);
    expect(res.code).toBe(2);
    expect(res.err).toContain('Usage: npm run admin');
  });
});
