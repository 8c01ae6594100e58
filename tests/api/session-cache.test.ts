import { rmSync, utimesSync, watch } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findSessionAdmin, openDatabase, type DbHandle } from '~/server/db';
import { SESSIONS_MARKER_FILE as MARKER, sessionsChanged } from '~/server/db/session-cache';
import { tokenHash } from '~/server/features/auth/jwt';
import { setupApi, TEST_DATABASE_URL, type TestApi } from '../helpers/api';

/** Resolves once the marker file in `dataDir` has been written or removed, and its watchers have all run. */
function markerNoticed(dataDir: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(path.join(dataDir, MARKER), () => {
      watcher.close();
      // Every watcher of the file is called in the same turn; the next one comes after them all.
      setImmediate(resolve);
    });
  });
}

describe.skipIf(TEST_DATABASE_URL)('session lookups on SQLite', () => {
  let api: TestApi;
  let other: DbHandle;
  let hash: string;

  beforeEach(async () => {
    api = await setupApi();
    // A second handle on the same DATA_DIR stands for another process: it has its own memory.
    other = openDatabase({ dataDir: api.dataDir });
    hash = tokenHash(api.token);
  });
  afterEach(async () => {
    await other.close();
    await api.close();
  });

  const setTokenVersion = (handle: Pick<DbHandle, 'db'>, version: number) =>
    handle.db.updateTable('admins').set({ token_version: version }).where('id', '=', api.admin.id).execute();

  it('answers from memory until a session-ending write, which another handle on the same DATA_DIR announces', async () => {
    expect(await findSessionAdmin(api.db, api.admin.id, hash)).toMatchObject({ tokenVersion: 1, revoked: false });
    // Written behind the cache's back: the remembered answer stands.
    await setTokenVersion(other, 7);
    expect(await findSessionAdmin(api.db, api.admin.id, hash)).toMatchObject({ tokenVersion: 1 });

    const noticed = markerNoticed(api.dataDir);
    sessionsChanged(other.db);
    await noticed;
    expect(await findSessionAdmin(api.db, api.admin.id, hash)).toMatchObject({ tokenVersion: 7 });
    // Still watching after the notice: the fresh answer is remembered in turn.
    await setTokenVersion(other, 8);
    expect(await findSessionAdmin(api.db, api.admin.id, hash)).toMatchObject({ tokenVersion: 7 });
  });

  it('forgets at once what its own process ends', async () => {
    expect(await findSessionAdmin(api.db, api.admin.id, hash)).toMatchObject({ tokenVersion: 1 });
    await setTokenVersion(api, 7);
    sessionsChanged(api.db);
    expect(await findSessionAdmin(api.db, api.admin.id, hash)).toMatchObject({ tokenVersion: 7 });
  });

  it('forgets when the marker is touched, as an operator does after changing an admin by hand', async () => {
    expect(await findSessionAdmin(api.db, api.admin.id, hash)).toMatchObject({ tokenVersion: 1 });
    await setTokenVersion(other, 7);
    const noticed = markerNoticed(api.dataDir);
    const now = new Date();
    utimesSync(path.join(api.dataDir, MARKER), now, now);
    await noticed;
    expect(await findSessionAdmin(api.db, api.admin.id, hash)).toMatchObject({ tokenVersion: 7 });
  });

  it('reads the database on every lookup once the marker file is removed and can no longer be watched', async () => {
    expect(await findSessionAdmin(api.db, api.admin.id, hash)).toMatchObject({ tokenVersion: 1 });
    const noticed = markerNoticed(api.dataDir);
    rmSync(path.join(api.dataDir, MARKER));
    await noticed;
    expect(await findSessionAdmin(api.db, api.admin.id, hash)).toMatchObject({ tokenVersion: 1 });
    await setTokenVersion(other, 7);
    expect(await findSessionAdmin(api.db, api.admin.id, hash)).toMatchObject({ tokenVersion: 7 });
  });
});
