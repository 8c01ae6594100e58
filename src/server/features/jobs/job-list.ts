import { CompiledQuery } from 'kysely';
import { createHash } from 'node:crypto';
import { etagOfSha1 } from '~/lib/etag';
import type { Job } from '~/lib/schemas/job';
import type { Runtime } from '../../config';
import { listJobs } from '../../db';

/** The public job list as it leaves the server: its JSON and that JSON's ETag. */
export type JobList = { text: string; etag: string };

/**
 * A value that differs whenever SQLite's data may have changed: `total_changes()` counts this
 * connection's row changes, `data_version` the commits of every other connection (the admin CLI).
 */
const SQLITE_DATA_VERSION = CompiledQuery.raw(
  "select total_changes() || ':' || data_version as version from pragma_data_version",
);

async function buildJobList(db: Runtime['db']): Promise<JobList> {
  const text = JSON.stringify({ jobs: await listJobs(db) } satisfies { jobs: Job[] });
  return { text, etag: etagOfSha1(createHash('sha1').update(text).digest()) };
}

/**
 * The public job list, read and serialized again only when the database may have changed: on
 * SQLite one query of two counters tells, far cheaper than the list's own query, its JSON and its
 * hash. PostgreSQL has no such counter (and other instances may write to it), so there every
 * call builds the list afresh.
 */
export function jobListSource(services: Pick<Runtime, 'db' | 'dbKind'>): () => Promise<JobList> {
  const { db } = services;
  if (services.dbKind !== 'sqlite') return () => buildJobList(db);
  let kept: { version: string | undefined; list: JobList } | null = null;
  return async () => {
    // Read before the list: a write landing in between leaves an older version beside it, so the next call rebuilds.
    const version = (await db.executeQuery<{ version: string }>(SQLITE_DATA_VERSION)).rows[0]?.version;
    if (version === undefined || version !== kept?.version) kept = { version, list: await buildJobList(db) };
    return kept.list;
  };
}
