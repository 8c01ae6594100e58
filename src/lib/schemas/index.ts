import { SECOND_FACTOR_WINDOW_MINUTES } from '../two-factor';

export * from './application';
export * from './applicant';
export * from './application-received';
export * from './applicant-api';
export * from './contact';
export * from './job';
export * from './login';
export * from './message';
export * from './text';
export * from './ids';
export * from './outbox';
export * from './password-reset';
export * from './mail-template';

/** Messages of checks that apply to every API request. */
export const requestMessages = {
  crossSite: 'This request came from another website and was refused. Please use the form on our own site.',
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  storageFull: 'We cannot store anything right now. Please try again later.',
  duplicateHost: 'A request may name its host only once.',
  notFound: 'Not found',
  authRequired: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  internal: 'Internal server error',
  bodyTooLarge: 'Request body too large',
  malformedJson: 'Malformed JSON in request body',
  notJson: 'Content-Type must be application/json',
  secondFactorLocked: `Too many wrong codes were entered for this account. For up to ${SECOND_FACTOR_WINDOW_MINUTES} minutes no code is accepted, not even the right one. If this was not you, change your password.`,
} as const;

/** Every API error body (API contract). */
export type ApiErrorBody = { message: string; errors?: Record<string, string> };
