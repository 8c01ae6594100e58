import { Hono, type Context } from 'hono';
import {
  interviewInputSchema,
  interviewMessages,
  interviewRefusal,
  scorecardInputSchema,
  scorecardMessages,
  startsAtRefusal,
  TEAM_TIME_ZONE,
  type InterviewInput,
} from '~/lib/interviews';
import { applicantMessages, type Applicant } from '~/lib/schemas/applicant';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { getApplicantById, parseDbId } from '../../db';
import { apiError } from '../../errors';
import { roleGuard } from '../../middleware/auth';
import { jsonBody } from '../../middleware/validate';
import { auditRequest } from '../../services/audit';
import { applicantHistory } from '../../services/applicant-history';
import { interviewList } from './list';
import { insertScorecard, interviewsOf, jobCriteria, teamMembersByIds, type InterviewRecord } from './repository';
import { cancelInterview, rescheduleInterview, scheduleInterview } from './service';

/** '2026-12-03 10:30 UTC': how the audit trail and the timeline name an interview's start. */
export const utcLabel = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * Interviews and scorecards under `/applicants/{id}/interviews`: recruiters and owners schedule,
 * move and cancel (each mails the applicant and the panel an iCalendar invitation through the
 * outbox); interviewers submit one scorecard each; everyone reads what `interviewList` shows them.
 */
export function interviewRoutes(services: Runtime) {
  const { db } = services;
  const requireRole = roleGuard(services);
  const settings = services.config.mail;

  /** The applicant of the path, or null (the route answers 404). */
  async function applicantOf(c: Context<AppEnv>): Promise<Applicant | null> {
    const id = parseDbId(c.req.param('id') ?? '');
    return id === null ? null : getApplicantById(db, id);
  }

  async function interviewOf(c: Context<AppEnv>, applicant: Applicant): Promise<InterviewRecord | null> {
    const id = parseDbId(c.req.param('interviewId') ?? '');
    const all = id === null ? [] : await interviewsOf(db, [applicant.id]);
    return all.find((i) => i.id === id) ?? null;
  }

  /** The input's panel as team members, or the message refusing it. */
  async function panelOf(input: InterviewInput) {
    const ids = [...new Set(input.interviewerIds)];
    const members = await teamMembersByIds(db, ids);
    if (members.length !== ids.length) return interviewMessages.interviewerUnknown;
    if (members.some((m) => m.role === 'viewer')) return interviewMessages.interviewerViewer;
    return members.map(({ id, email, displayName }) => ({ id, email, displayName }));
  }

  /** The stored fields of a valid input; a start in the past or too far ahead is refused by the caller. */
  const fieldsOf = (input: InterviewInput) => ({
    startsAt: new Date(input.startsAt).toISOString(),
    durationMinutes: input.durationMinutes,
    location: input.location,
    note: input.note || null,
    timeZone: input.timeZone ?? TEAM_TIME_ZONE,
  });

  /** A change answers the list anew and the timeline that now shows it (no second, audited, detail read). */
  const answer = async (c: Context<AppEnv>, applicant: Applicant, message: string, status: 200 | 201 = 200) => {
    const viewerId = c.var.admin?.id ?? 0;
    const [list, history] = await Promise.all([
      interviewList(db, applicant, viewerId),
      applicantHistory(db, applicant, viewerId),
    ]);
    return c.json({ message, ...list, history }, status);
  };

  return new Hono<AppEnv>()
    .get('/:id/interviews', requireRole('viewer'), async (c) => {
      const applicant = await applicantOf(c);
      if (!applicant) return apiError(c, 404, applicantMessages.notFound);
      const list = await interviewList(db, applicant, c.var.admin?.id ?? 0);
      await auditRequest(services, c, 'interviews.viewed', { subject: { type: 'applicant', id: applicant.id } });
      return c.json(list);
    })
    .post('/:id/interviews', requireRole('recruiter'), jsonBody(interviewInputSchema), async (c) => {
      const applicant = await applicantOf(c);
      if (!applicant) return apiError(c, 404, applicantMessages.notFound);
      const closed = interviewRefusal(applicant.status);
      if (closed) return apiError(c, 409, closed);
      const input = c.req.valid('json');
      const now = services.now();
      const fields = fieldsOf(input);
      const badStart = startsAtRefusal(new Date(fields.startsAt), now);
      if (badStart) return apiError(c, 400, badStart);
      const panel = await panelOf(input);
      if (typeof panel === 'string') return apiError(c, 400, panel);
      const id = await scheduleInterview(db, settings, applicant, panel, fields, now);
      if (id === null) return apiError(c, 409, applicantMessages.changedMeanwhile);
      await auditRequest(services, c, 'interview.scheduled', {
        subject: { type: 'applicant', id: applicant.id },
        summary: `scheduled interview ${id} for ${utcLabel(fields.startsAt)}`,
      });
      return answer(c, applicant, interviewMessages.scheduled, 201);
    })
    .put('/:id/interviews/:interviewId', requireRole('recruiter'), jsonBody(interviewInputSchema), async (c) => {
      const applicant = await applicantOf(c);
      const interview = applicant && (await interviewOf(c, applicant));
      if (!applicant || !interview) return apiError(c, 404, interviewMessages.notFound);
      if (interview.cancelledAt) return apiError(c, 409, interviewMessages.cancelled);
      const closed = interviewRefusal(applicant.status);
      if (closed) return apiError(c, 409, closed);
      const input = c.req.valid('json');
      const now = services.now();
      const fields = fieldsOf(input);
      const badStart = startsAtRefusal(new Date(fields.startsAt), now);
      if (badStart) return apiError(c, 400, badStart);
      const panel = await panelOf(input);
      if (typeof panel === 'string') return apiError(c, 400, panel);
      if (!(await rescheduleInterview(db, settings, applicant, interview, panel, fields, now)))
        return apiError(c, 409, applicantMessages.changedMeanwhile);
      await auditRequest(services, c, 'interview.rescheduled', {
        subject: { type: 'applicant', id: applicant.id },
        summary: `rescheduled interview ${interview.id} to ${utcLabel(fields.startsAt)}`,
      });
      return answer(c, applicant, interviewMessages.rescheduled);
    })
    .post('/:id/interviews/:interviewId/cancel', requireRole('recruiter'), async (c) => {
      const applicant = await applicantOf(c);
      const interview = applicant && (await interviewOf(c, applicant));
      if (!applicant || !interview) return apiError(c, 404, interviewMessages.notFound);
      if (interview.cancelledAt) return apiError(c, 409, interviewMessages.cancelled);
      if (!(await cancelInterview(db, settings, applicant, interview, services.now())))
        return apiError(c, 409, applicantMessages.changedMeanwhile);
      await auditRequest(services, c, 'interview.cancelled', {
        subject: { type: 'applicant', id: applicant.id },
        summary: `cancelled interview ${interview.id} of ${utcLabel(interview.startsAt)}`,
      });
      return answer(c, applicant, interviewMessages.cancelledNow);
    })
    .post(
      '/:id/interviews/:interviewId/scorecard',
      requireRole('recruiter'),
      jsonBody(scorecardInputSchema),
      async (c) => {
        const applicant = await applicantOf(c);
        const interview = applicant && (await interviewOf(c, applicant));
        const admin = c.var.admin;
        if (!applicant || !interview || !admin) return apiError(c, 404, interviewMessages.notFound);
        if (interview.cancelledAt) return apiError(c, 409, interviewMessages.cancelled);
        if (!interview.panel.some((p) => p.id === admin.id)) return apiError(c, 403, scorecardMessages.notOnPanel);
        const input = c.req.valid('json');
        const criteria = await jobCriteria(db, applicant.jobId);
        const missing = criteria.filter((name) => input.ratings[name] === undefined);
        const unknown = Object.keys(input.ratings).filter((name) => !criteria.includes(name));
        if (unknown.length) return apiError(c, 400, scorecardMessages.ratingsUnknown);
        if (missing[0] !== undefined) return apiError(c, 400, scorecardMessages.ratingRequired(missing[0]));
        const card = {
          interviewId: interview.id,
          adminId: admin.id,
          author: admin.email,
          recommendation: input.recommendation,
          ratings: input.ratings,
          notes: input.notes ?? '',
        };
        if (!(await insertScorecard(db, card, services.now())))
          return apiError(c, 409, scorecardMessages.alreadySubmitted);
        await auditRequest(services, c, 'scorecard.submitted', {
          subject: { type: 'applicant', id: applicant.id },
          summary: `submitted a scorecard for interview ${interview.id}`,
        });
        return answer(c, applicant, scorecardMessages.submitted, 201);
      },
    );
}
