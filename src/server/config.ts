import type { Kysely } from 'kysely';
import { DEFAULT_MIN_FILL_MS } from '~/lib/spam';
import type { Database, DbKind } from './db';
import type { Logger } from './logger';

export type RateLimitRule = {
  /** Requests (or failed attempts) allowed per window. */
  max: number;
  windowMs: number;
};

/** Everything the API reads at run time; built from the environment by boot.ts, or directly by tests. */
export type ApiConfig = {
  /** HS256 signing key for admin tokens. */
  jwtSecret: string;
  /** Origins allowed to call the API cross-origin (same origin needs none). */
  corsOrigins: string[];
  /** Take the client address from the last X-Forwarded-For entry (set when behind one trusted proxy). */
  trustProxy: boolean;
  bodyLimits: { jsonBytes: number; multipartBytes: number };
  /** Applications parsed and stored at the same time; more wait their turn (bounds memory). */
  applyConcurrency: number;
  /** Public forms submitted sooner than this after they appeared are taken for spam (0 turns it off). */
  spamMinFillMs: number;
  rateLimits: {
    /** All login attempts from one address. */
    loginPerIp: RateLimitRule;
    /** Failed login attempts for one e-mail address. */
    loginPerEmail: RateLimitRule;
    /** Contact messages from one address. */
    contactPerIp: RateLimitRule;
  };
};

export const defaultApiConfig: Omit<ApiConfig, 'jwtSecret'> = {
  corsOrigins: [],
  trustProxy: false,
  bodyLimits: { jsonBytes: 64 * 1024, multipartBytes: 6 * 1024 * 1024 },
  applyConcurrency: 2,
  spamMinFillMs: DEFAULT_MIN_FILL_MS,
  rateLimits: {
    loginPerIp: { max: 20, windowMs: 15 * 60_000 },
    loginPerEmail: { max: 5, windowMs: 15 * 60_000 },
    contactPerIp: { max: 5, windowMs: 60 * 60_000 },
  },
};

export type AppDeps = {
  db: Kysely<Database>;
  dbKind: DbKind;
  config: Pick<ApiConfig, 'jwtSecret'> & Partial<ApiConfig>;
  /** JSON-lines logger; defaults to stdout at level info. */
  logger?: Logger;
  /** Clock, replaceable in tests. */
  now?: () => Date;
};

/** Deps with every default filled in; what the features receive. */
export type Services = {
  db: Kysely<Database>;
  dbKind: DbKind;
  config: ApiConfig;
  logger: Logger;
  now: () => Date;
};
