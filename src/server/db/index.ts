/** The data layer: one door. Kysely over SQLite (default) or PostgreSQL. */
export { openDatabase, isUniqueViolation, SQLITE_FILE, type DbHandle, type DbOptions } from './client';
export { migrateToLatest } from './migrations';
export { MAX_DB_ID, isDbId, parseDbId } from './ids';
export { listJobs, listJobsWithUpdatedAt, getJobById, wasJobDeleted, createJob, updateJob, deleteJob, toJob } from './jobs';
export {
  listApplicants,
  getApplicantById,
  hasApplied,
  insertApplicantWithResume,
  updateApplicantStatus,
  deleteApplicant,
  getResume,
  type StoredResume,
} from './applicants';
export {
  normalizeEmail,
  findAdminByEmail,
  findAdminById,
  countAdmins,
  listAdmins,
  insertAdmin,
  setAdminPassword,
  deleteAdmin,
} from './admins';
export { insertMessage, listMessages, deleteMessage } from './messages';
export type { Database, DbKind } from './schema';
