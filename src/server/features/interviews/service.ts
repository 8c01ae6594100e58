import type { Kysely } from 'kysely';
import type { Interviewer } from '~/lib/interviews';
import type { Applicant } from '~/lib/schemas/applicant';
import type { MailSettings } from '../../config';
import { enqueueMails, type Database } from '../../db';
import { interviewMails, interviewUid } from './mails';
import { changeInterview, insertInterview, type InterviewFields, type InterviewRecord } from './repository';

/**
 * Another feature's step in the same transaction (an interview slot claimed or freed): false rolls
 * the whole change back, mails included.
 */
export type AlongWith = (trx: Kysely<Database>, interviewId: number) => Promise<boolean>;

/** Thrown inside a transaction to roll it back when an `AlongWith` step refuses. */
class Refused extends Error {}

/** `work` in a transaction; null when it threw `Refused` (everything rolled back). */
async function unlessRefused<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T | null> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (error instanceof Refused) return null;
    throw error;
  }
}

const alongside = async (step: AlongWith | undefined, trx: Kysely<Database>, id: number) => {
  if (step && !(await step(trx, id))) throw new Refused();
};

/**
 * Stores an interview with its panel and queues the invitations to the applicant and the panel; its
 * id, or null when `along` refused.
 */
export async function scheduleInterview(
  db: Kysely<Database>,
  settings: MailSettings,
  applicant: Applicant,
  panel: readonly Interviewer[],
  fields: InterviewFields,
  now: Date,
  along?: AlongWith,
): Promise<number | null> {
  const uid = interviewUid(settings);
  const mails = interviewMails(settings, 'REQUEST', applicant, panel, { ...fields, uid, sequence: 0 }, now);
  return unlessRefused(db, async (trx) => {
    const id = await insertInterview(
      trx,
      { ...fields, applicantId: applicant.id, uid, panelIds: panel.map((p) => p.id) },
      now,
    );
    await alongside(along, trx, id);
    await enqueueMails(trx, mails, now);
    return id;
  });
}

/**
 * Moves an interview to new fields and panel, with the update to the applicant and the panel and
 * the cancellation to whoever left it; false when someone changed it meanwhile or `along` refused.
 */
export async function rescheduleInterview(
  db: Kysely<Database>,
  settings: MailSettings,
  applicant: Applicant,
  interview: InterviewRecord,
  panel: readonly Interviewer[],
  fields: InterviewFields,
  now: Date,
  along?: AlongWith,
): Promise<boolean> {
  const facts = { ...fields, uid: interview.uid, sequence: interview.sequence + 1 };
  // Whoever left the panel gets the cancellation; the applicant and the panel get the update.
  const removed = interview.panel.filter((old) => !panel.some((p) => p.id === old.id));
  const mails = [
    ...interviewMails(settings, 'REQUEST', applicant, panel, facts, now),
    ...(removed.length
      ? interviewMails(settings, 'CANCEL', applicant, interview.panel, facts, now, removed, false)
      : []),
  ];
  const change = { fields, panelIds: panel.map((p) => p.id) };
  const done = await unlessRefused(db, async (trx) => {
    if (!(await changeInterview(trx, interview.id, interview.sequence, change, now))) return false;
    await alongside(along, trx, interview.id);
    await enqueueMails(trx, mails, now);
    return true;
  });
  return done === true;
}

/**
 * Cancels an interview with the cancellation to the applicant and the panel; false when someone
 * changed it meanwhile or `along` refused.
 */
export async function cancelInterview(
  db: Kysely<Database>,
  settings: MailSettings,
  applicant: Applicant,
  interview: InterviewRecord,
  now: Date,
  along?: AlongWith,
): Promise<boolean> {
  const facts = { ...interview, sequence: interview.sequence + 1 };
  const mails = interviewMails(settings, 'CANCEL', applicant, interview.panel, facts, now);
  const done = await unlessRefused(db, async (trx) => {
    if (!(await changeInterview(trx, interview.id, interview.sequence, 'cancel', now))) return false;
    await alongside(along, trx, interview.id);
    await enqueueMails(trx, mails, now);
    return true;
  });
  return done === true;
}
