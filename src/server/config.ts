import type { Kysely } from 'kysely';
import path from 'node:path';
import { retentionDaysOf, type RetentionDays } from '~/lib/notice-settings';
import { site } from '~/site';
import {
  BACKUP_RECORD_FILE,
  ERASURE_LEDGER_FILE,
  type CheckpointThread,
  type Database,
  type DbKind,
  type DbOptions,
} from './db';
import { apiEnvSchema, type ApiEnv } from './env';
import type { Logger } from './logger';

export type { RetentionDays };

export type RateLimitRule = {
  /** Requests (or failed attempts) allowed per window. */
  max: number;
  windowMs: number;
};

/** Outgoing mail (see src/server/mail). */
export type MailSettings = {
  /** smtp:// or smtps:// URL; undefined: mails are kept in the outbox as "not configured". */
  smtpUrl: string | undefined;
  /** Sender, `Name <address>`. */
  from: string;
  /** Receives a mail for every new application. */
  hiringTeam: string;
  /** Receives a mail for every contact message. */
  sales: string;
  /** Public origin of the site, without a trailing slash, for links in mails. */
  siteUrl: string;
  /** Wait before each retry; after the last one a mail is failed. */
  retryDelaysMs: number[];
  /** How often the worker looks for due mail. */
  pollMs: number;
  /** How long a claimed mail stays reserved for the instance that claimed it. */
  leaseMs: number;
};

/** `EdgeCraft AI <no-reply@www.example.com>` for the site at `siteUrl`. */
function defaultMailFrom(siteUrl: string): string {
  return `${site.name} <no-reply@${new URL(siteUrl).hostname}>`;
}

/** Everything the API reads at run time; built from the environment by boot.ts, or directly by tests. */
export type ApiConfig = {
  /** HS256 signing key for admin tokens. */
  jwtSecret: string;
  /** Encrypts the authenticator keys and keys the recovery-code hashes (services/two-factor-vault.ts). */
  twoFactorKey: string;
  /** Origins allowed to call the API cross-origin (same origin needs none). */
  corsOrigins: string[];
  /** Take the client address from the last X-Forwarded-For entry (set when behind one trusted proxy). */
  trustProxy: boolean;
  bodyLimits: { jsonBytes: number; multipartBytes: number };
  /** Applications parsed and stored at the same time; more wait their turn (bounds memory). */
  applyConcurrency: number;
  /** Public forms submitted sooner than this after they appeared are taken for spam (0 turns it off). */
  spamMinFillMs: number;
  /** A request body that sends no byte for this long is answered 408 (uploads). */
  bodyIdleTimeoutMs: number;
  /**
   * Where the SQLite file is, so uploads are stored by a worker thread with its own connection;
   * null = on the main connection (PostgreSQL, whose driver does not block).
   */
  sqlite: { dataDir: string; synchronous: 'FULL' | 'NORMAL' } | null;
  /** Applications answer 507 when `dataDir`'s volume has less than `minFreeBytes` free; null = not checked. */
  storage: { dataDir: string | null; minFreeBytes: number };
  /** /metrics: served or not, to which networks (addresses or CIDRs), and the bearer token it asks for (undefined: none). */
  metrics: { enabled: boolean; allowedNetworks: string[]; token: string | undefined };
  /** Where `admin -- backup` records its last verified backup (null: none kept), and the age past which readiness warns (null: never). */
  backups: { record: string | null; maxAgeHours: number | null };
  /**
   * The erasure ledger's file in DATA_DIR (db/erasure-ledger.ts; on PostgreSQL the ledger is a schema of
   * the database, and a file an earlier version left is read too); null = nothing is recorded (tests).
   */
  erasureLedger: string | null;
  retentionDays: RetentionDays;
  /** A private-page or job-alert token unused this many days opens nothing. */
  linkIdleDays: number;
  /** An open vacancy cannot be saved without a salary range that names a currency and an amount. */
  payRangeRequired: boolean;
  /** Sources a job's page views are counted under per day; views from further new sources count as 'other'. */
  viewSourcesPerDay: number;
  /** The privacy notice's version recorded with each consent (content/legal/privacy.mdx by default). */
  privacyNoticeVersion: string;
  rateLimits: {
    /** All login attempts from one address (refused beyond). */
    loginPerIp: RateLimitRule;
    /** Failed login attempts for one e-mail address from one address (refused beyond). */
    loginPerEmail: RateLimitRule;
    /** Contact messages from one address. */
    contactPerIp: RateLimitRule;
    /** Applications from one address. */
    applyPerIp: RateLimitRule;
    /** Contact messages from every address together (a ceiling for the site). */
    contactGlobal: RateLimitRule;
    /** Applications from every address together (a ceiling for the site). */
    applyGlobal: RateLimitRule;
    /** Job page views counted from one address (more are refused, so one client cannot inflate them). */
    jobViewPerIp: RateLimitRule;
    /** Requests to applicants' private pages from one address (a token cannot be guessed; this bounds trying). */
    applicationPagePerIp: RateLimitRule;
    /** Job-alert confirmation mails to every address together (a ceiling for the site). */
    jobAlertGlobal: RateLimitRule;
    /** "Send me my link" mails to one e-mail address, from whatever client, per short and per long window. */
    linkMailPerAddress: RateLimitRule;
    linkMailPerAddressDaily: RateLimitRule;
  };
  /**
   * Failed logins for one e-mail from every address: past `freeFailures` in the login window,
   * attempts from addresses that have failed for it wait `baseMs`, doubling up to `maxMs`.
   * Never a refusal, so nobody can lock the admin out.
   */
  loginSlowdown: { freeFailures: number; baseMs: number; maxMs: number };
  mail: MailSettings;
};

/** The application and job view rate limits and both site-wide ceilings count per hour. */
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** "Send me my link": one mail per address per 10 minutes and three a day, so nobody can flood an inbox with it. */
const LINK_MAIL_PER_ADDRESS = { max: 1, windowMs: 10 * 60_000 } as const;
const LINK_MAIL_PER_ADDRESS_DAILY = { max: 3, windowMs: DAY_MS } as const;
/** The per-e-mail login slowdown: free failures, then 0.5 s doubling up to 8 s (no setting needed). */
const LOGIN_SLOWDOWN = { freeFailures: 5, baseMs: 500, maxMs: 8_000 } as const;

/**
 * How the server and the admin CLI open the database: SQLite in DATA_DIR or PostgreSQL at
 * DATABASE_URL, whose pool bounds connecting and every statement (DATABASE_*_TIMEOUT_MS).
 */
export function databaseOptionsFromEnv(env: ApiEnv): DbOptions {
  return {
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    poolSize: env.DATABASE_POOL_SIZE,
    postgresTimeouts: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS,
  };
}

/** Maps the checked environment onto the API's configuration. */
export function configFromEnv(
  env: ApiEnv,
  jwtSecret: string,
  twoFactorKey: string,
): Omit<ApiConfig, 'privacyNoticeVersion'> {
  return {
    jwtSecret,
    twoFactorKey,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    bodyLimits: { jsonBytes: env.JSON_BODY_LIMIT_BYTES, multipartBytes: env.MULTIPART_BODY_LIMIT_BYTES },
    applyConcurrency: env.APPLY_CONCURRENCY,
    spamMinFillMs: env.SPAM_MIN_FILL_MS,
    bodyIdleTimeoutMs: env.BODY_IDLE_TIMEOUT_SECONDS * 1000,
    sqlite: env.DATABASE_URL ? null : { dataDir: env.DATA_DIR, synchronous: env.SQLITE_SYNCHRONOUS },
    // PostgreSQL keeps its data on its own server: DATA_DIR's volume says nothing about it.
    storage: { dataDir: env.DATABASE_URL ? null : env.DATA_DIR, minFreeBytes: env.MIN_FREE_DISK_MB * 1024 * 1024 },
    erasureLedger: path.join(env.DATA_DIR, ERASURE_LEDGER_FILE),
    metrics: { enabled: env.METRICS, allowedNetworks: env.METRICS_ALLOWED_NETWORKS, token: env.METRICS_TOKEN },
    backups: { record: path.join(env.DATA_DIR, BACKUP_RECORD_FILE), maxAgeHours: env.BACKUP_MAX_AGE_HOURS ?? null },
    loginSlowdown: { ...LOGIN_SLOWDOWN },
    viewSourcesPerDay: env.JOB_VIEW_SOURCES_PER_DAY,
    linkIdleDays: env.LINK_IDLE_DAYS,
    payRangeRequired: env.PAY_RANGE_REQUIRED,
    retentionDays: retentionDaysOf(env),
    rateLimits: {
      loginPerIp: { max: env.LOGIN_RATE_LIMIT_PER_IP, windowMs: env.LOGIN_RATE_LIMIT_WINDOW_SECONDS * 1000 },
      loginPerEmail: { max: env.LOGIN_RATE_LIMIT_PER_EMAIL, windowMs: env.LOGIN_RATE_LIMIT_WINDOW_SECONDS * 1000 },
      contactPerIp: { max: env.CONTACT_RATE_LIMIT_PER_IP, windowMs: env.CONTACT_RATE_LIMIT_WINDOW_SECONDS * 1000 },
      applyPerIp: { max: env.APPLY_RATE_LIMIT_PER_IP, windowMs: HOUR_MS },
      contactGlobal: { max: env.CONTACT_RATE_LIMIT_GLOBAL_PER_HOUR, windowMs: HOUR_MS },
      applyGlobal: { max: env.APPLY_RATE_LIMIT_GLOBAL_PER_HOUR, windowMs: HOUR_MS },
      jobViewPerIp: { max: env.JOB_VIEW_RATE_LIMIT_PER_IP, windowMs: HOUR_MS },
      applicationPagePerIp: { max: env.APPLICATION_PAGE_RATE_LIMIT_PER_IP, windowMs: HOUR_MS },
      jobAlertGlobal: { max: env.JOB_ALERT_RATE_LIMIT_GLOBAL_PER_HOUR, windowMs: HOUR_MS },
      linkMailPerAddress: { ...LINK_MAIL_PER_ADDRESS },
      linkMailPerAddressDaily: { ...LINK_MAIL_PER_ADDRESS_DAILY },
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? defaultMailFrom(env.SITE_URL),
      hiringTeam: env.HIRING_TEAM_EMAIL,
      sales: env.SALES_EMAIL,
      siteUrl: env.SITE_URL,
      retryDelaysMs: env.MAIL_RETRY_DELAYS_SECONDS.map((seconds) => Math.round(seconds * 1000)),
      pollMs: Math.round(env.MAIL_POLL_SECONDS * 1000),
      leaseMs: Math.round(env.MAIL_LEASE_SECONDS * 1000),
    },
  };
}

/**
 * The configuration of an empty environment: the defaults live in the env schema only. An app
 * built without a data folder (tests) stores on its main connection and checks no disk.
 */
export const defaultApiConfig: Omit<ApiConfig, 'jwtSecret' | 'twoFactorKey' | 'privacyNoticeVersion'> = (() => {
  const { jwtSecret: _jwt, twoFactorKey: _key, ...defaults } = configFromEnv(apiEnvSchema.parse({}), '', '');
  return {
    ...defaults,
    sqlite: null,
    storage: { ...defaults.storage, dataDir: null },
    erasureLedger: null,
    backups: { record: null, maxAgeHours: null },
  };
})();

export type AppDeps = {
  db: Kysely<Database>;
  dbKind: DbKind;
  config: Pick<ApiConfig, 'jwtSecret' | 'twoFactorKey'> &
    Partial<Omit<ApiConfig, 'rateLimits'>> & { rateLimits?: Partial<ApiConfig['rateLimits']> };
  /** JSON-lines logger; defaults to stdout at level info. */
  logger?: Logger;
  /** Clock, replaceable in tests. */
  now?: () => Date;
  /** False while boot is still preparing the database: every route but health answers 503. */
  isReady?: () => boolean;
  /** SQLite's checkpoint thread, whose death health reports. */
  checkpoints?: Pick<CheckpointThread, 'stopped'> | null;
};

/** What the running API hands every feature and middleware: `AppDeps` with every default filled in. */
export type Runtime = {
  db: Kysely<Database>;
  dbKind: DbKind;
  config: ApiConfig;
  logger: Logger;
  now: () => Date;
};
