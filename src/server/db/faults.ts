/**
 * What a failed database call says about the database itself: `unavailable` (it cannot be reached
 * or is refusing work for now), `full` (nothing more can be written), or null (anything else: a
 * bug, a constraint). Drivers and Kysely wrap errors, so the whole cause chain is read.
 */
export type DbFault = 'unavailable' | 'full';

/** Node's socket and DNS errors, and PostgreSQL's SQLSTATEs for a server shutting down, starting, overloaded or too slow. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
]);

/** pg's own errors carry no code: a dropped connection, a connect or pool timeout, query_timeout. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection ended/i;

/** SQLite's SQLITE_FULL (its message is the only trace once wrapped), the file system's ENOSPC, PostgreSQL's disk_full. */
const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', '53100']);
const FULL_MESSAGES = /database or disk is full|no space left on device/i;

/** Deeper than any driver nests its causes; bounds a cyclic chain. */
const MAX_CAUSES = 8;

function faultOf(error: object): DbFault | null {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if ((typeof code === 'string' && FULL_CODES.has(code)) || FULL_MESSAGES.test(text)) return 'full';
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return 'unavailable';
  return UNAVAILABLE_MESSAGES.test(text) ? 'unavailable' : null;
}

export function dbFault(error: unknown): DbFault | null {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && typeof current === 'object' && current !== null; depth++) {
    const fault = faultOf(current);
    if (fault) return fault;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
