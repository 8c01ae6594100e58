import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { UNDO_SECONDS } from '~/lib/limits';
import { undoMessages, type Applicant, type ApplicantStatus, type RejectionReason } from '~/lib/schemas/applicant';
import type { UndoOffer } from '~/lib/schemas/applicant-api';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { getApplicantsByIds, withdrawUndoneMails, type Database, type UndoHold } from '../../db';
import { auditRequest } from '../../services/audit';
import { undoSummary } from '../../services/stage-history';
import { insertPendingUndo, revertMove, takePendingUndo } from './repository';

/** One applicant's part in an undoable action: the move made (with what it replaced), or only mails (null). */
export type UndoChange = {
  id: number;
  move: {
    from: ApplicantStatus;
    to: ApplicantStatus;
    /** The reason and the stage's start before the move, put back by the undo. */
    fromReason: RejectionReason | null;
    fromChangedAt: string;
    /** When the move was made: the undo goes ahead only while the applicant is still as the move left them. */
    at: string;
  } | null;
};

/** An action that can be undone for UNDO_SECONDS: its token, and the hold for each applicant's mails. */
export type UndoWindow = { token: string; until: Date; hold: (applicantId: number) => UndoHold };

export function openUndoWindow(now: Date): UndoWindow {
  const token = randomUUID();
  const until = new Date(now.getTime() + UNDO_SECONDS * 1000);
  return { token, until, hold: (applicantId) => ({ tag: `${token}.${applicantId}`, until }) };
}

/** Keeps what the action changed until its window ends; null (nothing to undo) when it changed nothing. */
export async function offerUndo(
  services: Runtime,
  c: Context<AppEnv>,
  window: UndoWindow,
  changes: readonly UndoChange[],
): Promise<UndoOffer | null> {
  const admin = c.var.admin;
  if (!admin || changes.length === 0) return null;
  await insertPendingUndo(services.db, window, admin.id, changes, services.now());
  return { token: window.token, seconds: UNDO_SECONDS };
}

export type UndoOutcome =
  | { ok: true; message: string; applicants: Applicant[]; skipped: { id: number; message: string }[] }
  | { ok: false; httpStatus: 410; message: string };

/**
 * Takes back the action `token` names, if the admin who made it asks while its mails still wait: every
 * applicant still as the move left them goes back (stage, reason, the stage's start), and the mails it
 * queued for them are deleted, in one transaction. Once the window closed or a mail went out, nothing changes.
 */
export async function undoAction(services: Runtime, c: Context<AppEnv>, token: string): Promise<UndoOutcome> {
  const admin = c.var.admin;
  const now = services.now();
  const result = await services.db
    .transaction()
    .execute(async (trx) => {
      const changes = admin ? await takePendingUndo(trx, token, admin.id, now) : null;
      if (!changes) return null;
      const undone = await revertAll(trx, changes);
      const withdrawn = await withdrawUndoneMails(
        trx,
        undone.map((change) => `${token}.${change.id}`),
        now,
      );
      if (withdrawn === false) throw new TooLate();
      return { undone, withdrawn, skipped: changes.filter((change) => !undone.includes(change)) };
    })
    .catch((error: unknown) => {
      if (error instanceof TooLate) return null;
      throw error;
    });
  if (!result) return { ok: false, httpStatus: 410, message: undoMessages.tooLate };

  for (const change of result.undone) {
    if (change.move) {
      await auditRequest(services, c, 'applicant.status_change_undone', {
        subject: { type: 'applicant', id: change.id },
        summary: undoSummary(change.move.from, change.move.to),
      });
    }
  }
  const applicants = await getApplicantsByIds(
    services.db,
    result.undone.map((change) => change.id),
  );
  const moved = result.undone.filter((change) => change.move).length;
  return {
    ok: true,
    message: undoMessages.done(moved, result.withdrawn, result.skipped.length),
    applicants,
    skipped: result.skipped.map((change) => ({ id: change.id, message: undoMessages.movedMeanwhile })),
  };
}

/** A mail of the action is already on its way: the transaction rolls back. */
class TooLate extends Error {}

/** The changes put back: those whose applicant is still as the move left them (a mail-only change always is). */
async function revertAll(trx: Kysely<Database>, changes: readonly UndoChange[]): Promise<UndoChange[]> {
  const undone: UndoChange[] = [];
  for (const change of changes) {
    if (!change.move || (await revertMove(trx, change.id, change.move))) undone.push(change);
  }
  return undone;
}
