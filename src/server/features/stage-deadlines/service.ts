import type { Kysely } from 'kysely';
import { withStageDeadline, type DEADLINE_STAGES } from '~/lib/stage-deadlines';
import { roleAllows } from '~/lib/team';
import type { Applicant } from '~/lib/schemas/applicant';
import type { MailSettings } from '../../config';
import type { Database } from '../../db';
import { listMailTemplates } from '../mail-templates';
import { stageDeadlineDays } from '../../services/stage-deadlines';
import { overdueDigestMail, overdueUpdateMail, STAGE_NAMES, UPDATE_TEMPLATE_NAME } from './mails';
import { applicantsInDeadlineStages, queueDigest, queueOverdueUpdate, teamAddresses } from './repository';

type Stage = (typeof DEADLINE_STAGES)[number];

/**
 * Queues, at `now`: each newly overdue applicant's one update for that stage, and, once per UTC day when anyone
 * is overdue, the digest to every member whose role reviews applicants. Safe from several instances at once.
 */
export async function sendStageDeadlineMails(
  db: Kysely<Database>,
  settings: MailSettings,
  now: Date,
): Promise<{ updates: number; digests: number }> {
  const days = await stageDeadlineDays(db);
  const overdue = (await applicantsInDeadlineStages(db))
    .map((a) => withStageDeadline(a as Applicant, days, now))
    .filter((a): a is Applicant & { dueAt: string } => a.overdue === true && typeof a.dueAt === 'string');
  if (!overdue.length) return { updates: 0, digests: 0 };

  const template = (await listMailTemplates(db)).find((t) => t.name === UPDATE_TEMPLATE_NAME) ?? null;
  let updates = 0;
  for (const applicant of overdue) {
    // The next answer is due one more stage length after the deadline that just passed.
    const stageMs = days[applicant.status as Stage] * 86_400_000;
    const answerBy = new Date(Math.max(Date.parse(applicant.dueAt), now.getTime()) + stageMs).toISOString();
    const mail = overdueUpdateMail(settings, template, applicant, answerBy);
    const stage = { id: applicant.id, status: applicant.status, stageStartedAt: applicant.statusChangedAt };
    if (await queueOverdueUpdate(db, stage, mail, now)) updates += 1;
  }

  const entries = overdue
    .toSorted((a, b) => a.dueAt.localeCompare(b.dueAt))
    .map((a) => ({ name: a.name, jobTitle: a.jobTitle, stage: STAGE_NAMES[a.status as Stage], dueAt: a.dueAt }));
  const reviewers = (await teamAddresses(db)).filter((member) => roleAllows(member.role, 'recruiter'));
  const digests = reviewers.map((member) => overdueDigestMail(settings, member.email, entries));
  const queued = digests.length > 0 && (await queueDigest(db, now.toISOString().slice(0, 10), digests, now));
  return { updates, digests: queued ? digests.length : 0 };
}
