import type { Kysely } from 'kysely';
import type { RetentionDays } from '../config';
import { deleteExpired, forgetJobViewMarks, markHour, type Database, type PurgeCounts } from '../db';
import { audit } from '../services/audit';
import { cutoff } from '../services/retention-policy';

function describePurge(counts: PurgeCounts): string {
  return `retention erased ${counts.applicants} applicants (${counts.resumes} resumes), ${counts.messages} contact messages, ${counts.auditEntries} audit entries, ${counts.mails} mails, ${counts.views} view counts, ${counts.mailLinks} expired mail links, ${counts.jobAlerts} job alerts`;
}

/**
 * Erases what is past its limit at `now` (see deleteExpired), in one transaction. Idempotent: a
 * second run at the same `now` erases nothing. A run that erased something leaves one audit row.
 */
export function purgeExpired(
  db: Kysely<Database>,
  days: RetentionDays,
  now: Date,
  options: { dryRun?: boolean } = {},
): Promise<PurgeCounts> {
  const cutoffs = {
    applicantsBefore: {
      pending: cutoff(now, days.pending),
      inProcess: cutoff(now, days.inProcess),
      hired: cutoff(now, days.hired),
      rejected: cutoff(now, days.rejected),
      withdrawn: cutoff(now, days.withdrawn),
    },
    messagesBefore: cutoff(now, days.messages),
    auditBefore: cutoff(now, days.audit),
    mailsBefore: cutoff(now, days.mails),
    // Whole days: the cutoff's own day is kept.
    viewsBefore: cutoff(now, days.views).slice(0, 10),
  };
  return db.transaction().execute(async (trx) => {
    const counts = await deleteExpired(trx, cutoffs, now, options.dryRun ?? false);
    // Marks of past hours normally go with the next view; this bounds them when no view comes.
    if (!options.dryRun) await forgetJobViewMarks(trx, markHour(now));
    if (!options.dryRun && Object.values(counts).some(Boolean)) {
      await audit(trx, { action: 'retention.purged', summary: describePurge(counts) }, now);
    }
    return counts;
  });
}
