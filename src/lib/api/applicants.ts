import type { Applicant, ApplicantStatus, BulkAnswer, RejectionReason, UndoOffer } from '~/lib/schemas';
import { apiRequest, apiResponse } from './client';

/**
 * A move to another stage as the team chooses it: a reason when rejecting, and the mail that goes
 * with it, if any (the built-in status mail, `notify`, or one of the templates).
 */
export type StageChoice = {
  status: ApplicantStatus;
  reason?: RejectionReason | undefined;
  notify?: boolean | undefined;
  templateId?: number | undefined;
};

export const updateApplicantStatus = (id: number, choice: StageChoice) =>
  apiRequest<{ message: string; applicant: Applicant; undo: UndoOffer | null }>(`/applicants/${id}/status`, {
    method: 'PUT',
    json: choice,
    auth: true,
  });

/** `POST /applicants/undo`: takes back the move or bulk action that answered `token`, while its mails wait. */
export const undoApplicantAction = (token: string) =>
  apiRequest<{ message: string; applicants: Applicant[]; skipped: { id: number; message: string }[] }>(
    '/applicants/undo',
    { method: 'POST', json: { token }, auth: true },
  );

/** `POST /applicants/bulk`: one stage move, or one template mail, for each of `ids`. */
export const bulkAction = (
  ids: readonly number[],
  action: { action: 'status'; choice: StageChoice } | { action: 'mail'; templateId: number },
) =>
  apiRequest<BulkAnswer>('/applicants/bulk', {
    method: 'POST',
    json:
      action.action === 'status'
        ? {
            ids,
            action: 'status',
            status: action.choice.status,
            reason: action.choice.reason,
            templateId: action.choice.templateId,
          }
        : { ids, action: 'mail', templateId: action.templateId },
    auth: true,
  });

export const deleteApplicant = (id: number) =>
  apiRequest<{ message: string }>(`/applicants/${id}`, { method: 'DELETE', auth: true });

/**
 * The file name in a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first, then the
 * quoted or bare `filename=`; null when neither is there.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/** `GET /applicants/{id}/download` with the token: the bytes and the server's file name (real extension). */
export async function downloadResume(
  applicant: Pick<Applicant, 'id' | 'name' | 'resume'>,
): Promise<{ blob: Blob; filename: string }> {
  const response = await apiResponse(`/applicants/${applicant.id}/download`, { auth: true });
  const filename =
    filenameFromDisposition(response.headers.get('Content-Disposition')) ??
    `${applicant.name}_Resume.${applicant.resume.kind}`;
  return { blob: await response.blob(), filename };
}

/** `GET /applicants?q=`: applicants matching every word, best first, each with its matching passage. */
export const searchApplicants = (q: string, signal?: AbortSignal) =>
  apiRequest<{ applicants: Applicant[] }>(`/applicants?${new URLSearchParams({ q })}`, {
    auth: true,
    ...(signal ? { signal } : {}),
  }).then((r) => r.applicants);

/** `GET /applicants/{id}/preview`: a PDF's bytes, for pdf.js to draw. */
export async function resumePdf(id: number, signal?: AbortSignal): Promise<ArrayBuffer> {
  return (await apiResponse(`/applicants/${id}/preview`, { auth: true, ...(signal ? { signal } : {}) })).arrayBuffer();
}

/** `GET /applicants/{id}/preview`: a DOCX as HTML the server sanitised (headings, paragraphs, lists, emphasis). */
export const resumeHtml = (id: number, signal?: AbortSignal) =>
  apiRequest<{ html: string }>(`/applicants/${id}/preview`, { auth: true, ...(signal ? { signal } : {}) }).then(
    (r) => r.html,
  );
