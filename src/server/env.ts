import { isIP } from 'node:net';
import { z } from 'zod';
import { noticeEnvShape, positiveInt } from '~/lib/notice-settings';
import { DEFAULT_MIN_FILL_MS } from '~/lib/spam';
import { site } from '~/site';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optional = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));
const positiveSeconds = (fallback: number) => z.coerce.number().positive().default(fallback);

/** Outbox delivery defaults: retries after 1 min, 5 min, 30 min, 2 h and 12 h, then the mail is failed. */
const MAIL_DEFAULTS = {
  retryDelaysSeconds: [60, 5 * 60, 30 * 60, 2 * 60 * 60, 12 * 60 * 60],
  pollSeconds: 2,
  leaseSeconds: 5 * 60,
} as const;

/** An IPv4 or IPv6 address, optionally with a prefix length (`10.0.0.0/8`, `fd00::/8`). */
function isNetwork(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `Name <address>` or a bare address, as nodemailer and every mail server accept it. */
const MAILBOX = /^(?:[^<>]+<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

/**
 * The API's environment, checked once at boot. Every value has a safe default; see README.
 * A bad value stops the process with the list of problems (formatEnvError).
 */
export const apiEnvSchema = z.object({
  /** Folder for the SQLite file and the generated JWT secret. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://… switches from SQLite to PostgreSQL. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: positiveInt(10),
  /** PostgreSQL: a connection (or a free place in the pool) not had within this answers 503. */
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(5_000),
  /** PostgreSQL: a statement running longer is cancelled (the request answers 503); a frozen server is given up on just after. */
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(15_000),
  /** PostgreSQL: a session idle inside a transaction this long is ended, so a stuck request holds no locks. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInt(15_000),
  /**
   * SQLite durability: NORMAL (default; every acknowledged write survives a process crash, a power
   * loss may roll back the last ones) or FULL (also survives power loss; slower uploads).
   */
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('NORMAL'),
  /** HS256 key for admin tokens; when unset a random one is kept in DATA_DIR/jwt-secret (mode 0600). */
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Encrypts the authenticator keys and keys the recovery-code hashes in the database; when unset a
   * random one is kept in DATA_DIR/two-factor-key (mode 0600). Without it, two-factor sign-in stops working.
   */
  TWO_FACTOR_KEY: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The first admin, created only when no admin exists yet. */
  ADMIN_EMAIL: z
    .string()
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(12, 'must be at least 12 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Comma-separated origins allowed cross-origin, e.g. https://www.example.com. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().url('each origin must be a URL such as https://www.example.com'))),
  /** Read the client address from X-Forwarded-For (only behind a trusted proxy). */
  TRUST_PROXY: bool,
  JSON_BODY_LIMIT_BYTES: positiveInt(64 * 1024),
  MULTIPART_BODY_LIMIT_BYTES: positiveInt(6 * 1024 * 1024),
  /** Applications stored at once (their bodies are read before, so a slow upload never holds a place); more wait their turn. */
  APPLY_CONCURRENCY: positiveInt(2),
  /** Contact messages and applications sent sooner than this after the form appeared are rejected as spam; 0 turns the check off. */
  SPAM_MIN_FILL_MS: z.coerce.number().int().min(0).default(DEFAULT_MIN_FILL_MS),
  /** Applications from one client network (an IPv4 address, an IPv6 /64) per hour. */
  APPLY_RATE_LIMIT_PER_IP: positiveInt(10),
  /** Applications from everyone together per hour: a ceiling against a flood from many networks. */
  APPLY_RATE_LIMIT_GLOBAL_PER_HOUR: positiveInt(500),
  /** Job page views counted from one client network per hour; more answer 429 (one client cannot inflate them). */
  JOB_VIEW_RATE_LIMIT_PER_IP: positiveInt(120),
  /** Requests to applicants' private pages (view, withdraw, export, erase) from one client network per hour. */
  APPLICATION_PAGE_RATE_LIMIT_PER_IP: positiveInt(60),
  /** Readiness warns when the last verified backup (`npm run admin -- backup`) is older than this; unset: no warning. */
  BACKUP_MAX_AGE_HOURS: optional(z.coerce.number().positive()),
  /** Below this much free space on DATA_DIR's volume, applications answer 507 (SQLite only). */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(512),
  /** A request body that sends no byte for this long is answered 408 (uploads). */
  BODY_IDLE_TIMEOUT_SECONDS: positiveInt(15),
  /** How long an idle keep-alive connection stays open: above the 60 s of common proxies and load balancers. */
  KEEP_ALIVE_TIMEOUT_SECONDS: positiveInt(65),
  /** Node's headersTimeout: the whole request head must arrive within this (above the keep-alive timeout, as Node advises). */
  HEADERS_TIMEOUT_SECONDS: positiveInt(66),
  /** Node's requestTimeout: head and body together (a 6 MB upload over a slow mobile link fits). */
  REQUEST_TIMEOUT_SECONDS: positiveInt(120),
  /** Open connections at most; beyond, Node drops new ones at once, so a flood of idle sockets cannot use up file descriptors. */
  /** Port of the one server; 0 lets the system choose (the tests). */
  PORT: z.coerce.number().int().min(0).max(65_535).default(4321),
  /** Interface to listen on (0.0.0.0 in a container). */
  HOST: z.string().min(1).default('127.0.0.1'),
  MAX_CONNECTIONS: positiveInt(4000),
  /** Open connections from one client network (an IPv4 address, an IPv6 /64), so one cannot take them all; not applied behind TRUST_PROXY. */
  MAX_CONNECTIONS_PER_CLIENT: positiveInt(100),
  /** Strict-Transport-Security on every answer; unset = on when SITE_URL is https. */
  HSTS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'yes')),
  /** All login attempts from one client address per window. */
  LOGIN_RATE_LIMIT_PER_IP: positiveInt(20),
  /** Failed login attempts for one e-mail address from one client address per window. */
  LOGIN_RATE_LIMIT_PER_EMAIL: positiveInt(5),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: positiveInt(15 * 60),
  CONTACT_RATE_LIMIT_PER_IP: positiveInt(5),
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60 * 60),
  /** Contact messages from everyone together per hour: a ceiling against a flood from many networks. */
  CONTACT_RATE_LIMIT_GLOBAL_PER_HOUR: positiveInt(300),
  /** Job-alert confirmation mails to everyone together per hour; beyond, requests are answered alike and send nothing. */
  JOB_ALERT_RATE_LIMIT_GLOBAL_PER_HOUR: positiveInt(100),
  ...noticeEnvShape,
  /** An open vacancy must state a pay range (pay transparency); off by default, as the salary is optional. */
  PAY_RANGE_REQUIRED: bool,
  /** Serve /metrics (Prometheus' text format). */
  METRICS: bool,
  /** Comma-separated addresses or CIDR networks /metrics answers (the client address as TRUST_PROXY reads it). */
  METRICS_ALLOWED_NETWORKS: z
    .string()
    .default('127.0.0.1/32,::1/128')
    .transform((v) =>
      v
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isNetwork, 'each entry must be an address or a network such as 10.0.0.0/8'))),
  /** When set, /metrics answers only requests with `Authorization: Bearer <this>`. */
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters')),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465; unset: mails wait in the outbox. */
  SMTP_URL: optional(
    z
      .string()
      .url('must be a URL such as smtp://user:pass@smtp.example.com:587')
      .refine((v) => /^smtps?:\/\/[^/]/.test(v), 'must start with smtp:// or smtps://'),
  ),
  /** Sender of every mail; default `EdgeCraft AI <no-reply@` + SITE_URL's host + `>`. */
  MAIL_FROM: optional(z.string().trim().regex(MAILBOX, 'must be an address or Name <address>')),
  /** Who hears of new applications. */
  HIRING_TEAM_EMAIL: z.string().trim().email().default(site.emails.careers),
  /** Who hears of new contact messages. */
  SALES_EMAIL: z.string().trim().email().default(site.emails.sales),
  /** The site's public origin: the links in mails and the HSTS default (also read by the build). */
  SITE_URL: z
    .string()
    .url('must be an origin such as https://www.example.com')
    .refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://')
    .default(site.url)
    .transform((v) => v.replace(/\/+$/, '')),
  /** Seconds between delivery attempts of one mail; after the last one it is failed. */
  MAIL_RETRY_DELAYS_SECONDS: z
    .string()
    .default(MAIL_DEFAULTS.retryDelaysSeconds.join(','))
    .transform((v) => v.split(',').map((part) => Number(part.trim())))
    .pipe(
      z
        .array(z.number({ error: 'must be numbers' }).positive('must be positive numbers of seconds'))
        .min(1, 'needs at least one delay'),
    ),
  /** How often the delivery worker looks for due mail. */
  MAIL_POLL_SECONDS: positiveSeconds(MAIL_DEFAULTS.pollSeconds),
  /** How long a claimed mail stays reserved for one instance before another may take it over. */
  MAIL_LEASE_SECONDS: positiveSeconds(MAIL_DEFAULTS.leaseSeconds),
});

export type ApiEnv = z.infer<typeof apiEnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the API variables out of `env`; throws EnvError listing every bad variable. */
export function parseApiEnv(env: NodeJS.ProcessEnv = process.env): ApiEnv {
  const result = apiEnvSchema.safeParse(env);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  // Checked here rather than with superRefine, which would hide the schema's shape from its readers.
  if (result.data.HEADERS_TIMEOUT_SECONDS > result.data.REQUEST_TIMEOUT_SECONDS) {
    throw new EnvError(['HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS']);
  }
  return result.data;
}
