import type { Context } from 'hono';
import {
  applicantMessages,
  moveRefusal,
  type Applicant,
  type ApplicantStatus,
  type RejectionReason,
} from '~/lib/schemas/applicant';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { getApplicantById } from '../../db';
import { auditRequest } from '../../services/audit';
import { moveSummary } from '../../services/stage-history';
import { moveApplicant, type ApplicantMails } from './service';
import type { UndoChange, UndoWindow } from './undo';

export type StageMoveRequest = { status: ApplicantStatus; reason?: RejectionReason | undefined };

/** What moving one applicant came to: the applicant as stored now and what undoes it, or the refusal with its HTTP status. */
export type StageMoveOutcome =
  { ok: true; applicant: Applicant; undo: UndoChange } | { ok: false; httpStatus: 400 | 404 | 409; message: string };

/** Why the request itself is refused, whoever it is for: a rejection needs a reason, nothing else takes one. */
export function stageRequestRefusal({ status, reason }: StageMoveRequest): string | null {
  if (status === 'rejected' && !reason) return applicantMessages.reasonRequired;
  if (status !== 'rejected' && reason) return applicantMessages.reasonOnlyForRejection;
  return null;
}

/**
 * Moves applicant `id` to `request.status` if the rule allows it from where they are, queues
 * `mails` for them in the same transaction (held while `window` is open) and records the move in the
 * audit trail (and so in their timeline). The request must already have passed `stageRequestRefusal`.
 */
export async function moveToStage(
  services: Runtime,
  c: Context<AppEnv>,
  id: number,
  request: StageMoveRequest,
  mails?: ApplicantMails,
  window?: UndoWindow,
): Promise<StageMoveOutcome> {
  const applicant = await getApplicantById(services.db, id);
  if (!applicant) return { ok: false, httpStatus: 404, message: applicantMessages.notFound };
  const refusal = moveRefusal(applicant.status, request.status);
  if (refusal) return { ok: false, httpStatus: 409, message: refusal };
  const move = { from: applicant.status, to: request.status, reason: request.reason ?? null };
  const updated = await moveApplicant(services.db, id, move, services.now(), mails, window?.hold(id));
  if (!updated) return { ok: false, httpStatus: 409, message: applicantMessages.changedMeanwhile };
  await auditRequest(services, c, 'applicant.status_changed', {
    subject: { type: 'applicant', id },
    summary: moveSummary(move.from, move.to),
  });
  const undo = {
    id,
    move: {
      from: move.from,
      to: move.to,
      fromReason: applicant.rejectionReason,
      fromChangedAt: applicant.statusChangedAt,
      at: updated.statusChangedAt,
    },
  };
  return { ok: true, applicant: updated, undo };
}
