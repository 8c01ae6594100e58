/** The data layer: one door. Kysely over SQLite (default) or PostgreSQL. */
export { openDatabase, isUniqueViolation, type DbHandle, type DbOptions } from './client';
export type { CheckpointThread } from './checkpoint-thread';
export { dbFault, type DbFault } from './faults';
export { migrateToLatest } from './migrations';
export {
  backupDatabase,
  pruneBackups,
  removeBeforeRestoreCopies,
  restoreDatabase,
  verifyBackup,
  BackupError,
} from './backup';
export {
  backupBeforeMigrating,
  dryRunMigrations,
  pruneUpgradeBackups,
  UPGRADE_BACKUPS_DIR,
} from './backup-before-migrating';
export { BACKUP_RECORD_FILE, readBackupRecord, recordBackup } from './backup-record';
export { isDbId, parseDbId } from './ids';
export { insertApplicationToken } from './application-tokens';
export { phoneKey } from './phone-key';
export {
  listJobs,
  listAllJobs,
  listJobsWithUpdatedAt,
  getJobById,
  findJob,
  findOpenApplicationJob,
  isJobGone,
  createJob,
  updateJob,
  deleteJob,
  setJobStatus,
  closeJobsPastClosingDay,
  vacancyDepartments,
} from './jobs';
export {
  listApplicants,
  getApplicantById,
  getApplicantsByIds,
  toApplicant,
  deleteApplicant,
  getResume,
  applicantFields,
  readableResume,
  setResumeText,
  markResumeReading,
  abandonInterruptedReads,
  resumesPendingAgain,
  pendingResumeIds,
  otherApplicationsOf,
  type StoredResume,
} from './applicants';
export { searchApplicants } from './applicant-search';
export {
  normalizeEmail,
  findAdminByEmail,
  findAdminById,
  countAdmins,
  listAdmins,
  insertAdmin,
  setAdminPassword,
  revokeToken,
  findSessionAdmin,
  upgradePasswordHash,
  recordSignIn,
  setDisplayName,
} from './admins';
export {
  listTeam,
  inviteAdmin,
  pendingMember,
  reissueInvitation,
  openInvitation,
  changeAdminRole,
  removeAdmin,
  getTeamSetting,
  setTeamSetting,
  type TeamChange,
} from './team';
export { markHour, markJobView, forgetJobViewMarks } from './view-marks';
export { insertNote, deleteOwnNote, notesOf, statusChangesOf, mailsTo } from './notes';
export {
  startTotpEnrolment,
  confirmTotpEnrolment,
  acceptTotpStep,
  useRecoveryCode,
  disableTotp,
  countRecoveryCodes,
  countSecondFactorCheck,
  forgiveSecondFactorCheck,
  listUnprotectedTwoFactor,
  replaceTotpSecrets,
  replaceRecoveryCodeHash,
} from './two-factor';
export { insertAuditEntry, listAudit, auditedAdmins, auditEntriesAbout } from './audit';
export {
  applicationsOf,
  contactMessagesOf,
  erasePersonRecords,
  applicantEmailKey,
  applicantConsent,
  jobAlertsOf,
} from './personal-data';
export { deleteExpired, type PurgeCounts } from './retention';
export type { Database, DbKind } from './schema';
export {
  enqueueMails,
  claimDueMails,
  markMailSent,
  markMailAttemptFailed,
  startMailAttempt,
  leaseOwners,
  endLeasesOf,
  releaseMails,
  listOutbox,
  outboxStats,
  getOutboxStatus,
  retryFailedMails,
  settleHeldMails,
  withdrawUndoneMails,
  type NewMail,
  type UndoHold,
} from './outbox';
export { ERASURE_LEDGER_FILE, recordErasure, recordUnsubscription } from './erasure-ledger';
export { RESTORED_MARKER, guardRestoredData, takeRestoredMarker } from './restore-guard';
export { createPasswordReset, consumePasswordReset } from './password-resets';
export {
  findApplicationByToken,
  applicationsForLinks,
  replaceApplicationLinks,
  type TokenApplication,
} from './application-tokens';
export type { ContactMessageRow, MailKind, OutboxRow } from './schema';
export type { JobAlertRow } from './schema';
