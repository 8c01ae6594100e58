export * from './application';
export * from './applicant';
export * from './contact';
export * from './job';
export * from './login';
export * from './message';

/** Every API error body (DESIGN: API contract). */
export type ApiErrorBody = { message: string; errors?: Record<string, string> };
