/**
 * `npm run admin -- healthcheck`, as a container's or systemd's check runs it: it asks the server
 * at HOST and PORT for readiness, exits 0 while a server answers ready and 1, with one line, once
 * none answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processStorage } from '../../support/api';
import { runAdminCli } from '../helpers/cli';
import { startApiServer, type RunningServer } from '../helpers/server';

describe('admin healthcheck', () => {
  let storage: Awaited<ReturnType<typeof processStorage>>;
  let server: RunningServer;
  beforeAll(async () => {
    storage = await processStorage('healthcheck');
    server = await startApiServer({ DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl }, 0);
  });
  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await storage.remove();
  });

  it('exits 0 while the server at HOST and PORT is ready, 1 with the reason once it is stopped', async () => {
    const at = { HOST: '127.0.0.1', PORT: String(server.port) };
    expect(await runAdminCli(['healthcheck'], storage, { env: at })).toEqual({
      code: 0,
      out: 'Ready: pass.\n',
      err: '',
    });

    server.child.kill('SIGTERM');
    await server.exited;
    expect(await runAdminCli(['healthcheck'], storage, { env: at })).toEqual({
      code: 1,
      out: '',
      err: `No answer from http://127.0.0.1:${server.port}/api/health/ready: ECONNREFUSED.\n`,
    });
  });
});
