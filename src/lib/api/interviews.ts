import type { InterviewInput, InterviewList, ScorecardInput } from '~/lib/interviews';
import type { ApplicantHistory } from '~/lib/notes';
import { apiRequest } from './client';

/** What a change answers: the list anew, and the timeline that now shows the change. */
export type InterviewChange = InterviewList & { message: string; history: ApplicantHistory };

const base = (applicantId: number) => `/applicants/${applicantId}/interviews`;

/** `POST /applicants/{id}/interviews` (recruiters, owners): mails the invitations. */
export const scheduleInterview = (applicantId: number, input: InterviewInput) =>
  apiRequest<InterviewChange>(base(applicantId), { method: 'POST', json: input, auth: true });

/** `PUT /applicants/{id}/interviews/{interviewId}`: same invitation, higher SEQUENCE. */
export const rescheduleInterview = (applicantId: number, interviewId: number, input: InterviewInput) =>
  apiRequest<InterviewChange>(`${base(applicantId)}/${interviewId}`, { method: 'PUT', json: input, auth: true });

/** `POST /applicants/{id}/interviews/{interviewId}/cancel`: mails the cancellations. */
export const cancelInterview = (applicantId: number, interviewId: number) =>
  apiRequest<InterviewChange>(`${base(applicantId)}/${interviewId}/cancel`, { method: 'POST', auth: true });

/** `POST /applicants/{id}/interviews/{interviewId}/scorecard` (the interviewer, once). */
export const submitScorecard = (applicantId: number, interviewId: number, input: ScorecardInput) =>
  apiRequest<InterviewChange>(`${base(applicantId)}/${interviewId}/scorecard`, {
    method: 'POST',
    json: input,
    auth: true,
  });
