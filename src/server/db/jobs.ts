import type { Kysely } from 'kysely';
import { isoDay } from '~/lib/calendar-day';
import { distinctDepartments } from '~/lib/departments';
import type { AdminJob, Job, JobStatus } from '~/lib/schemas/job';
import type { JobSaveData } from '~/lib/schemas/job-save';
import { isDbId } from './ids';
import type { Database, JobRow } from './schema';
import { withdrawVacancyMails } from './outbox';

/** Maps a row to the API shape  */
function toJob(row: JobRow): Job {
  return {
    id: Number(row.id),
    title: row.title,
    department: row.department,
    location: row.location,
    jobType: row.job_type,
    description: row.description,
    salaryRange: row.salary_range,
    closesAt: row.closes_at,
    created_at: row.created_at,
  };
}

/** The admin's view of a row: the public shape plus whether it is open or closed. */
function toAdminJob(row: JobRow): AdminJob {
  return {
    ...toJob(row),
    kind: row.kind,
    status: row.closed_at === null ? 'open' : 'closed',
    closedAt: row.closed_at,
    scorecardCriteria: row.scorecard_criteria ? (JSON.parse(row.scorecard_criteria) as string[]) : [],
  };
}

/** The stored form of a save's criteria: left out, they stay; an empty list, the defaults (null). */
const criteriaColumn = (criteria: readonly string[] | undefined) =>
  criteria === undefined ? {} : { scorecard_criteria: criteria.length ? JSON.stringify(criteria) : null };

/** The rows of every open job, newest first; closed ones are not offered. */
function openJobRows(db: Kysely<Database>): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('closed_at', 'is', null)
    .where('kind', '=', 'vacancy')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Every open vacancy, newest first (the careers board's list); the open-application entry is no vacancy. */
export async function listJobs(db: Kysely<Database>): Promise<Job[]> {
  return (await openJobRows(db)).map(toJob);
}

/** Each department of the vacancies, open or closed, as distinctDepartments spells it: what job alerts may name. */
export async function vacancyDepartments(db: Kysely<Database>): Promise<string[]> {
  return distinctDepartments(
    await db.selectFrom('jobs').select('department').distinct().where('kind', '=', 'vacancy').execute(),
  );
}

/** Every job, open and closed, newest first, for the admin. */
export async function listAllJobs(db: Kysely<Database>): Promise<AdminJob[]> {
  const rows = await db.selectFrom('jobs').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toAdminJob);
}

/** One open vacancy, or null when the id is unknown, closed, the open-application entry (or cannot be an id at all). */
export async function getJobById(db: Kysely<Database>, id: number): Promise<Job | null> {
  const job = await findJob(db, id);
  return job && job.status === 'open' && job.kind === 'vacancy' ? toPublic(job) : null;
}

/** The permanent entry general applications are stored against (migration 0030 creates it). */
export async function findOpenApplicationJob(db: Kysely<Database>): Promise<AdminJob | null> {
  const row = await db.selectFrom('jobs').selectAll().where('kind', '=', 'open').orderBy('id').executeTakeFirst();
  return row ? toAdminJob(row) : null;
}

/** One job, open or closed, or null when the id is unknown. */
export async function findJob(db: Kysely<Database>, id: number): Promise<AdminJob | null> {
  if (!isDbId(id)) return null;
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAdminJob(row) : null;
}

const toPublic = ({
  kind: _kind,
  status: _status,
  closedAt: _closedAt,
  scorecardCriteria: _criteria,
  ...job
}: AdminJob): Job => job;

/**
 * Closes or reopens a job; null when it does not exist. `changed` is false when it already had that
 * status, so of two reopenings at the same moment exactly one reports the change. Its applicants are
 * untouched; closing withdraws its job alerts still waiting to be sent (pass a transaction).
 */
export async function setJobStatus(
  db: Kysely<Database>,
  id: number,
  status: JobStatus,
  now = new Date(),
): Promise<{ job: AdminJob; changed: boolean } | null> {
  if (!isDbId(id)) return null;
  const stamp = now.toISOString();
  const row = await db
    .updateTable('jobs')
    .set({ closed_at: status === 'closed' ? stamp : null, updated_at: stamp })
    .where('id', '=', id)
    .where('closed_at', status === 'closed' ? 'is' : 'is not', null)
    .returningAll()
    .executeTakeFirst();
  if (row) {
    if (status === 'closed') await withdrawVacancyMails(db, id, now);
    return { job: toAdminJob(row), changed: true };
  }
  const job = await findJob(db, id);
  return job && { job, changed: false };
}

export async function createJob(db: Kysely<Database>, data: JobSaveData, now = new Date()): Promise<Job> {
  const stamp = now.toISOString();
  const row = await db
    .insertInto('jobs')
    .values({
      title: data.title,
      department: data.department,
      location: data.location,
      job_type: data.jobType,
      description: data.description,
      salary_range: data.salaryRange,
      closes_at: data.closesAt,
      ...criteriaColumn(data.scorecardCriteria),
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toJob(row);
}

/** Updates a job; null when it does not exist. */
export async function updateJob(
  db: Kysely<Database>,
  id: number,
  data: JobSaveData,
  now = new Date(),
): Promise<Job | null> {
  if (!isDbId(id)) return null;
  const row = await db
    .updateTable('jobs')
    .set({
      title: data.title,
      department: data.department,
      location: data.location,
      job_type: data.jobType,
      description: data.description,
      salary_range: data.salaryRange,
      closes_at: data.closesAt,
      ...criteriaColumn(data.scorecardCriteria),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : null;
}

/**
 * Deletes a vacancy and its view counts and remembers its id as closed; its applicants stay (they hold
 * a snapshot of title and department). The open-application entry is never deleted (false, as unknown).
 */
export async function deleteJob(db: Kysely<Database>, id: number, now = new Date()): Promise<boolean> {
  if (!isDbId(id)) return false;
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('jobs').where('id', '=', id).where('kind', '=', 'vacancy').executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await deleteJobViews(trx, id);
    await withdrawVacancyMails(trx, id, now);
    await trx.insertInto('closed_jobs').values({ id, closed_at: now.toISOString() }).execute();
    return true;
  });
}

/** True when a job with this id was deleted (its id is kept in `closed_jobs`) or is closed: its page is gone. */
export async function isJobGone(db: Kysely<Database>, id: number): Promise<boolean> {
  if (!isDbId(id)) return false;
  const deleted = await db.selectFrom('closed_jobs').select('id').where('id', '=', id).executeTakeFirst();
  if (deleted) return true;
  return (await findJob(db, id))?.status === 'closed';
}

/**
 * Closes every open vacancy whose closing day ended before `now` (UTC), withdraws their job alerts still
 * waiting to be sent, and returns them. One conditional UPDATE: of two instances running it at once,
 * each vacancy is closed, and returned, by exactly one.
 */
export async function closeJobsPastClosingDay(db: Kysely<Database>, now: Date): Promise<AdminJob[]> {
  const stamp = now.toISOString();
  const rows = await db
    .updateTable('jobs')
    .set({ closed_at: stamp, updated_at: stamp })
    .where('closed_at', 'is', null)
    .where('kind', '=', 'vacancy')
    .where('closes_at', '<', isoDay(now))
    .returningAll()
    .execute();
  for (const row of rows) await withdrawVacancyMails(db, row.id, now);
  return rows.map(toAdminJob);
}

/** Every open job, newest first, with the time of its last change (for the jobs sitemap's lastmod). */
export async function listJobsWithUpdatedAt(db: Kysely<Database>): Promise<(Job & { updatedAt: string })[]> {
  return (await openJobRows(db)).map((row) => ({ ...toJob(row), updatedAt: row.updated_at }));
}

/** Deletes the view counts of a job (it is being deleted). */
async function deleteJobViews(db: Kysely<Database>, jobId: number): Promise<void> {
  await db.deleteFrom('job_views').where('job_id', '=', jobId).execute();
}
