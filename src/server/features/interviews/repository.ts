import type { Kysely } from 'kysely';
import { DEFAULT_CRITERIA, type Interview, type Interviewer, type Recommendation } from '~/lib/interviews';
import type { Role } from '~/lib/team';
import type { Database } from '../../db';

/** One interview as stored, with its panel and the ids of everyone who was ever on it (today's panel too). */
export type InterviewRecord = Pick<
  Interview,
  'id' | 'uid' | 'sequence' | 'startsAt' | 'durationMinutes' | 'location' | 'note' | 'timeZone' | 'cancelledAt'
> & { applicantId: number; panel: Interviewer[]; everOnPanel: number[] };

export type ScorecardRecord = {
  id: number;
  interviewId: number;
  adminId: number | null;
  author: string;
  recommendation: Recommendation;
  ratings: Record<string, number>;
  notes: string;
  submittedAt: string;
};

/** The interview's fields a schedule or a reschedule sets. */
export type InterviewFields = {
  startsAt: string;
  durationMinutes: number;
  location: string;
  note: string | null;
  timeZone: string;
};

/** A reschedule's new fields and panel, or a cancellation. */
export type InterviewChange = { fields: InterviewFields; panelIds: readonly number[] } | 'cancel';

/** Team members by id, with their role (who may sit on a panel is the caller's rule). */
export async function teamMembersByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<(Interviewer & { role: Role })[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('admins')
    .select(['id', 'email', 'display_name', 'role'])
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), email: r.email, displayName: r.display_name, role: r.role }));
}

/** Who may interview: owners and recruiters, oldest account first. */
export async function possibleInterviewers(db: Kysely<Database>): Promise<Interviewer[]> {
  const rows = await db
    .selectFrom('admins')
    .select(['id', 'email', 'display_name'])
    .where('role', 'in', ['owner', 'recruiter'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), email: r.email, displayName: r.display_name }));
}

/** The criteria a job's scorecards rate: its own, or the defaults (also for a deleted job). */
export async function jobCriteria(db: Kysely<Database>, jobId: number): Promise<string[]> {
  const row = await db.selectFrom('jobs').select('scorecard_criteria').where('id', '=', jobId).executeTakeFirst();
  const own = row?.scorecard_criteria ? (JSON.parse(row.scorecard_criteria) as string[]) : [];
  return own.length ? own : [...DEFAULT_CRITERIA];
}

async function setPanel(db: Kysely<Database>, interviewId: number, panelIds: readonly number[]): Promise<void> {
  const rows = panelIds.map((adminId) => ({ interview_id: interviewId, admin_id: adminId }));
  await db.deleteFrom('interview_panel').where('interview_id', '=', interviewId).execute();
  await db.insertInto('interview_panel').values(rows).execute();
  await db
    .insertInto('interview_panel_history')
    .values(rows)
    .onConflict((oc) => oc.columns(['interview_id', 'admin_id']).doNothing())
    .execute();
}

/** Stores an interview and its panel; its id. Run it in a transaction. */
export async function insertInterview(
  db: Kysely<Database>,
  interview: InterviewFields & { applicantId: number; uid: string; panelIds: readonly number[] },
  now: Date,
): Promise<number> {
  const stamp = now.toISOString();
  const row = await db
    .insertInto('interviews')
    .values({
      applicant_id: interview.applicantId,
      uid: interview.uid,
      starts_at: interview.startsAt,
      duration_minutes: interview.durationMinutes,
      location: interview.location,
      note: interview.note,
      time_zone: interview.timeZone,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await setPanel(db, id, interview.panelIds);
  return id;
}

/**
 * Moves an interview (new fields, panel, SEQUENCE) or cancels it, if it is still at `sequence`
 * and not cancelled: false when someone changed it meanwhile. Run it in a transaction.
 */
export async function changeInterview(
  db: Kysely<Database>,
  id: number,
  sequence: number,
  change: InterviewChange,
  now: Date,
): Promise<boolean> {
  const stamp = now.toISOString();
  const set =
    change === 'cancel'
      ? { cancelled_at: stamp }
      : {
          starts_at: change.fields.startsAt,
          duration_minutes: change.fields.durationMinutes,
          location: change.fields.location,
          note: change.fields.note,
          time_zone: change.fields.timeZone,
        };
  const result = await db
    .updateTable('interviews')
    .set({ ...set, sequence: sequence + 1, updated_at: stamp })
    .where('id', '=', id)
    .where('sequence', '=', sequence)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (change !== 'cancel') await setPanel(db, id, change.panelIds);
  return true;
}

/** The interviews of some applicants with their panels, earliest first. */
export async function interviewsOf(db: Kysely<Database>, applicantIds: readonly number[]): Promise<InterviewRecord[]> {
  if (!applicantIds.length) return [];
  const rows = await db
    .selectFrom('interviews')
    .selectAll()
    .where('applicant_id', 'in', applicantIds)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  const ids = rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  const panel = await db
    .selectFrom('interview_panel')
    .innerJoin('admins', 'admins.id', 'interview_panel.admin_id')
    .select(['interview_panel.interview_id', 'admins.id', 'admins.email', 'admins.display_name'])
    .where('interview_panel.interview_id', 'in', ids)
    .orderBy('admins.id')
    .execute();
  const history = await db
    .selectFrom('interview_panel_history')
    .select(['interview_id', 'admin_id'])
    .where('interview_id', 'in', ids)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    applicantId: Number(r.applicant_id),
    uid: r.uid,
    sequence: Number(r.sequence),
    startsAt: r.starts_at,
    durationMinutes: Number(r.duration_minutes),
    location: r.location,
    note: r.note,
    timeZone: r.time_zone,
    cancelledAt: r.cancelled_at,
    panel: panel
      .filter((p) => Number(p.interview_id) === Number(r.id))
      .map((p) => ({ id: Number(p.id), email: p.email, displayName: p.display_name })),
    everOnPanel: history.filter((h) => Number(h.interview_id) === Number(r.id)).map((h) => Number(h.admin_id)),
  }));
}

/** The scorecards of some interviews, in the order they came. */
export async function scorecardsOf(db: Kysely<Database>, interviewIds: readonly number[]): Promise<ScorecardRecord[]> {
  if (!interviewIds.length) return [];
  const rows = await db
    .selectFrom('scorecards')
    .selectAll()
    .where('interview_id', 'in', interviewIds)
    .orderBy('submitted_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    interviewId: Number(r.interview_id),
    adminId: r.admin_id === null ? null : Number(r.admin_id),
    author: r.author_email,
    recommendation: r.recommendation,
    ratings: JSON.parse(r.ratings) as Record<string, number>,
    notes: r.notes,
    submittedAt: r.submitted_at,
  }));
}

/** Stores an interviewer's scorecard; false when they had already submitted one for the interview. */
export async function insertScorecard(
  db: Kysely<Database>,
  card: Omit<ScorecardRecord, 'id' | 'submittedAt' | 'adminId'> & { adminId: number },
  now: Date,
): Promise<boolean> {
  const result = await db
    .insertInto('scorecards')
    .values({
      interview_id: card.interviewId,
      admin_id: card.adminId,
      author_email: card.author,
      recommendation: card.recommendation,
      ratings: JSON.stringify(card.ratings),
      notes: card.notes,
      submitted_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['interview_id', 'admin_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
