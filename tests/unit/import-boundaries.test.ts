import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of docs/ARCHITECTURE.md are ESLint's (eslint.config.js): a small source placed in
 * a folder must be refused or let through as the table says, through both the `~/` alias and relative paths.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundaries messages for `code` linted as if it were the file at `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('boundaries/')).map((m) => m.message);
}

const astroPage = (imports: string) => `---\n${imports}\n---\n<p>probe</p>\n`;

describe('import boundaries', () => {
  it.each([
    ['a page', 'src/pages/probe.astro', astroPage("import { openDatabase } from '~/server/db';"), 'a page may import'],
    [
      'a layout',
      'src/layouts/Probe.astro',
      astroPage("import { site } from '~/server/config';"),
      'a layout may import',
    ],
    ['a component', 'src/components/ui/Probe.astro', astroPage("import '~/server/logger';"), 'a component may import'],
    ['an island', 'src/islands/careers/Probe.tsx', "export { getJobById } from '~/server/db';", 'an island may import'],
    [
      'src/lib',
      'src/lib/probe.ts',
      "import { openDatabase } from '../server/db';\nopenDatabase;",
      'src/lib may import',
    ],
  ])('refuses %s importing src/server, naming the rule', async (_name, path, code, rule) => {
    const errors = await boundaryErrors(path, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(rule);
    expect(errors[0]).toContain('Folders, and what each may import');
  });

  it.each([
    ['src/lib, a package other than zod', 'src/lib/probe.ts', "import { queryOptions } from '@tanstack/react-query';"],
    ['src/lib, a Node built-in', 'src/lib/probe.ts', "import type { Server } from 'node:http';"],
    ['an island, a Node built-in', 'src/islands/careers/probe.ts', "import { readFile } from 'node:fs/promises';"],
    [
      'an island, another island',
      'src/islands/careers/probe.ts',
      "import { AdminApp } from '~/islands/admin/AdminApp';",
    ],
    [
      'a component, a layout',
      'src/components/ui/probe.ts',
      "import type { SeoProps } from '~/layouts/BaseLayout.astro';",
    ],
    ['src/site.ts, anything', 'src/site.ts', "import { EMAIL_MAX } from './lib/limits';"],
    ['a script, a test helper', 'scripts/probe.ts', "import { runAdminCli } from '../tests/helpers/cli';"],
    ['a test, a script', 'tests/helpers/probe.ts', "import { E2E_EMAILJS } from '../../scripts/test';"],
    ['support/, a test helper', 'support/probe.ts', "import { runAdminCli } from '../tests/helpers/cli';"],
  ])('refuses %s', async (_name, path, code) => {
    expect(await boundaryErrors(path, code)).toHaveLength(1);
  });

  it.each([
    [
      'a feature, another feature',
      'src/server/features/team/probe.ts',
      "import { authRoutes } from '../auth/routes';",
      'a feature',
    ],
    [
      'a feature, the inside of another through the alias',
      'src/server/features/team/probe.ts',
      "import { jobRoutes } from '~/server/features/jobs/routes';",
      'another feature through its index.ts only',
    ],
    [
      'the app, the inside of a feature',
      'src/server/probe.ts',
      "import { teamRoutes } from './features/team/routes';",
      "src/server's own files may import",
    ],
    [
      'retention, the inside of a feature',
      'src/server/retention/probe.ts',
      "import { remindEndingJobAlerts } from '../features/job-alerts/service';",
      'src/server/retention may import',
    ],
    [
      'middleware, a feature',
      'src/server/middleware/probe.ts',
      "import { teamRoutes } from '../features/team/routes';",
      'src/server/middleware may import',
    ],
    [
      'the CLI, a feature',
      'src/server/cli/probe.ts',
      "import { privacyRoutes } from '~/server/features/privacy/routes';",
      'src/server/cli may import',
    ],
    [
      'a service, middleware',
      'src/server/services/probe.ts',
      "import { requireAdmin } from '../middleware/auth';",
      'src/server/services may import',
    ],
    [
      'a service, a feature',
      'src/server/services/probe.ts',
      "import { jobRoutes } from '../features/jobs/routes';",
      'src/server/services may import',
    ],
    [
      'db, a service',
      'src/server/db/probe.ts',
      "import { audit } from '../services/audit';",
      'src/server/db may import',
    ],
    [
      'a migration, the db layer',
      'src/server/db/migrations/9999_probe.ts',
      "import { phoneKey } from '../phone-key';",
      'a migration (src/server/db/migrations/) may import',
    ],
    [
      'a migration, src/lib',
      'src/server/db/migrations/9999_probe.ts',
      "import { APPLICANT_STATUSES } from '~/lib/schemas/applicant';",
      'a migration (src/server/db/migrations/) may import',
    ],
    [
      'a migration, a Node built-in',
      'src/server/db/migrations/9999_probe.ts',
      "import { randomUUID } from 'node:crypto';",
      'a migration (src/server/db/migrations/) may import',
    ],
  ])("refuses %s in src/server, naming the layer's rule", async (_name, path, code, rule) => {
    const errors = await boundaryErrors(path, `${code}\nexport {};`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(rule);
  });

  it.each([
    [
      'a feature, its own files, services, middleware, db and mail',
      'src/server/features/team/probe.ts',
      "import { teamRoutes } from './routes';\nimport { audit } from '../../services/audit';\nimport { requireAdmin } from '../../middleware/auth';\nimport { openDatabase } from '../../db';\nimport { smtpSender } from '../../mail';\nimport type { Runtime } from '../../config';",
    ],
    [
      'the CLI, services, db and retention',
      'src/server/cli/probe.ts',
      "import { hashPassword } from '~/server/services/password';\nimport { openDatabase } from '~/server/db';\nimport { purgeExpired } from '~/server/retention/purge';",
    ],
    ['the app, a feature', 'src/server/probe.ts', "import { teamRoutes } from './features/team';"],
    [
      'a feature, another feature through its index.ts',
      'src/server/features/team/probe.ts',
      "import { authRoutes } from '../auth';\nimport { jobRoutes } from '~/server/features/jobs';",
    ],
    [
      'retention and the CLI, a feature through its index.ts',
      'src/server/retention/probe.ts',
      "import { remindEndingJobAlerts } from '../features/job-alerts';",
    ],
    [
      'a migration, its own folder and kysely',
      'src/server/db/migrations/9999_probe.ts',
      "import { sql } from 'kysely';\nimport { autoId } from './dialect';",
    ],
    ['db, the migrations', 'src/server/db/probe.ts', "import { migrationNames } from './migrations';"],
  ])('lets %s through in src/server', async (_name, path, code) => {
    expect(await boundaryErrors(path, `${code}\nexport {};`)).toEqual([]);
  });

  it.each([
    [
      'a page, its layout, an island and src/lib',
      'src/pages/probe.astro',
      astroPage(
        "import PageLayout from '~/layouts/PageLayout.astro';\nimport JobApply from '~/islands/careers/JobApply';\nimport { jobPageState } from '~/lib/job-pages';",
      ),
    ],
    [
      'an island, islands/ui, islands/queries and src/lib',
      'src/islands/careers/probe.ts',
      "import { IslandRoot } from '~/islands/ui/IslandRoot';\nimport { jobsQuery } from '../queries/jobs';\nimport { errorMessage } from '~/lib/api/client';",
    ],
    [
      'src/lib, zod, src/site.ts and package types',
      'src/lib/probe.ts',
      "import { z } from 'zod';\nimport { site } from '../site';\nimport type { QueryKey } from '@tanstack/react-query';",
    ],
    [
      'a script and a test, support/',
      'scripts/probe.ts',
      "import { freePort } from '../support/free-port';\nimport { startProcess } from '../support/process';",
    ],
    [
      'a test, support/ and src/',
      'tests/helpers/probe.ts',
      "import { startProcess } from '../../support/process';\nimport { site } from '~/site';",
    ],
    [
      'src/server, src/lib',
      'src/server/probe.ts',
      "import { jobPath } from '~/lib/job-posting';\nimport { join } from 'node:path';",
    ],
  ])('lets through %s', async (_name, path, code) => {
    expect(await boundaryErrors(path, code)).toEqual([]);
  });
});
