export * from './application';
export * from './applicant';
export * from './contact';
export * from './job';
export * from './login';
export * from './message';
export * from './text';
export * from './ids';
export * from './outbox';
export * from './password-reset';

/** Every API error body (API contract). */
export type ApiErrorBody = { message: string; errors?: Record<string, string> };
