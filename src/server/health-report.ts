/** What the health routes answer and the admin CLI's healthcheck reads (IETF draft-inadarei-api-health-check). */

/** Where health answers; `/live` and `/ready` below it answer while the database is still being prepared. */
export const HEALTH_PATH = '/api/health';

/** The IETF health-check format's media type. */
export const HEALTH_JSON = 'application/health+json';

/** A check's status, best first. */
export type CheckStatus = 'pass' | 'warn' | 'fail';

export type Check = {
  componentType: 'datastore' | 'system' | 'component';
  status: CheckStatus;
  observedValue?: number | null;
  observedUnit?: string;
  time?: string;
  output?: string;
};

/** Readiness: the worst status of its checks, each keyed `component:measurement`. */
export type Readiness = { status: CheckStatus; checks: Record<string, Check[]> };
