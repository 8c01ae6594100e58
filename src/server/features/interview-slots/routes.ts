import { Hono, type Context } from 'hono';
import { interviewMessages } from '~/lib/interviews';
import { applicantMessages } from '~/lib/schemas/applicant';
import {
  interviewInvitationSchema,
  interviewSlotMessages as s,
  interviewSlotMoveSchema,
  interviewSlotsInputSchema,
} from '~/lib/schemas/interview-slots';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { findJob, getApplicantById, parseDbId } from '../../db';
import { apiError } from '../../errors';
import { roleGuard } from '../../middleware/auth';
import { jsonBody } from '../../middleware/validate';
import { auditRequest } from '../../services/audit';
import { possibleInterviewers, teamMembersByIds } from '../interviews';
import { slotsOf } from './repository';
import { createSlots, inviteToSlots, isRefusal, moveSlot, removeSlot } from './service';

/**
 * A vacancy's pool of interview times, under `/api`: recruiters add, move and remove free slots
 * (`/job/{id}/interview-slots`, `/interview-slots/{slotId}`) and invite an applicant to choose
 * from some (`/applicants/{id}/interview-invitation`); the applicant books on their private page.
 */
export function interviewSlotRoutes(services: Runtime) {
  const { db } = services;
  const requireRole = roleGuard(services);

  /** The input's panel as team members, or the message refusing it. */
  async function panelOf(interviewerIds: readonly number[]) {
    const ids = [...new Set(interviewerIds)];
    const members = await teamMembersByIds(db, ids);
    if (members.length !== ids.length) return interviewMessages.interviewerUnknown;
    if (members.some((member) => member.role === 'viewer')) return interviewMessages.interviewerViewer;
    return members.map(({ id, email, displayName }) => ({ id, email, displayName }));
  }

  async function jobOf(c: Context<AppEnv>) {
    const id = parseDbId(c.req.param('id') ?? '');
    return id === null ? null : findJob(db, id);
  }

  async function slotOf(c: Context<AppEnv>) {
    const id = parseDbId(c.req.param('slotId') ?? '');
    return id === null ? null : ((await slotsOf(db, { ids: [id] }))[0] ?? null);
  }

  // The pool comes with who may sit on a panel: recruiters cannot read the team list.
  const list = async (c: Context<AppEnv>, jobId: number, message?: string) => {
    const [slots, candidates] = await Promise.all([slotsOf(db, { jobId }), possibleInterviewers(db)]);
    return c.json({ ...(message ? { message } : {}), slots, candidates });
  };

  return new Hono<AppEnv>()
    .get('/job/:id/interview-slots', requireRole('viewer'), async (c) => {
      const job = await jobOf(c);
      if (!job) return apiError(c, 404, s.jobNotFound);
      return list(c, job.id);
    })
    .post('/job/:id/interview-slots', requireRole('recruiter'), jsonBody(interviewSlotsInputSchema), async (c) => {
      const job = await jobOf(c);
      if (!job) return apiError(c, 404, s.jobNotFound);
      const input = c.req.valid('json');
      const panel = await panelOf(input.interviewerIds);
      if (typeof panel === 'string') return apiError(c, 400, panel);
      const ids = await createSlots(db, job.id, input.slots, input.location, panel, services.now());
      if (isRefusal(ids)) return apiError(c, ids.status, ids.message);
      await auditRequest(services, c, 'interview_slots.created', {
        subject: { type: 'job', id: job.id },
        summary: `added interview slots ${ids.join(', ')}`,
      });
      const slots = await slotsOf(db, { ids });
      return c.json({ message: s.created(ids.length), slots }, 201);
    })
    .patch('/interview-slots/:slotId', requireRole('recruiter'), jsonBody(interviewSlotMoveSchema), async (c) => {
      const slot = await slotOf(c);
      if (!slot) return apiError(c, 404, s.notFound);
      const refusal = await moveSlot(db, slot, c.req.valid('json'), services.now());
      if (refusal) return apiError(c, refusal.status, refusal.message);
      await auditRequest(services, c, 'interview_slot.moved', {
        subject: { type: 'job', id: slot.jobId },
        summary: `moved interview slot ${slot.id}`,
      });
      return list(c, slot.jobId, s.moved);
    })
    .delete('/interview-slots/:slotId', requireRole('recruiter'), async (c) => {
      const slot = await slotOf(c);
      if (!slot) return apiError(c, 404, s.notFound);
      const refusal = await removeSlot(db, slot);
      if (refusal) return apiError(c, refusal.status, refusal.message);
      await auditRequest(services, c, 'interview_slot.deleted', {
        subject: { type: 'job', id: slot.jobId },
        summary: `removed interview slot ${slot.id}`,
      });
      return list(c, slot.jobId, s.deleted);
    })
    .post(
      '/applicants/:id/interview-invitation',
      requireRole('recruiter'),
      jsonBody(interviewInvitationSchema),
      async (c) => {
        const id = parseDbId(c.req.param('id'));
        const applicant = id === null ? null : await getApplicantById(db, id);
        if (!applicant) return apiError(c, 404, applicantMessages.notFound);
        const offered = await inviteToSlots(
          db,
          services.config.mail,
          applicant,
          c.req.valid('json').slotIds,
          services.now(),
        );
        if (isRefusal(offered)) return apiError(c, offered.status, offered.message);
        await auditRequest(services, c, 'interview_slots.offered', {
          subject: { type: 'applicant', id: applicant.id },
          summary: `offered interview slots ${offered.map((slot) => slot.id).join(', ')}`,
        });
        return c.json({ message: s.invitationSent, slots: offered }, 201);
      },
    );
}
