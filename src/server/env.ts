import { z } from 'zod';
import { DEFAULT_MIN_FILL_MS } from '~/lib/spam';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

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
  /**
   * SQLite durability: NORMAL (default; every acknowledged write survives a process crash, a power
   * loss may roll back the last ones) or FULL (also survives power loss; slower uploads).
   */
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('NORMAL'),
  /** HS256 key for admin tokens; when unset a random one is kept in DATA_DIR/jwt-secret (mode 0600). */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  /** The first admin, created only when no admin exists yet. */
  ADMIN_EMAIL: z.string().email().optional().or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional().or(z.literal('').transform(() => undefined)),
  /** Comma-separated origins allowed cross-origin, e.g. https://www.example.com. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.string().url('each origin must be a URL such as https://www.example.com'))),
  /** Read the client address from X-Forwarded-For (only behind a trusted proxy). */
  TRUST_PROXY: bool,
  JSON_BODY_LIMIT_BYTES: positiveInt(64 * 1024),
  MULTIPART_BODY_LIMIT_BYTES: positiveInt(6 * 1024 * 1024),
  /** Applications parsed and stored at once; more wait (keeps memory flat under bursts). */
  APPLY_CONCURRENCY: positiveInt(2),
  /** Contact messages and applications sent sooner than this after the form appeared are rejected as spam; 0 turns the check off. */
  SPAM_MIN_FILL_MS: z.coerce.number().int().min(0).default(DEFAULT_MIN_FILL_MS),
  LOGIN_RATE_LIMIT_PER_IP: positiveInt(20),
  LOGIN_RATE_LIMIT_PER_EMAIL: positiveInt(5),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: positiveInt(15 * 60),
  CONTACT_RATE_LIMIT_PER_IP: positiveInt(5),
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60 * 60),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
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
  return result.data;
}
