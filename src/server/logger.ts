/** Structured JSON-lines logging. Never pass passwords, tokens or file contents. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type LogFields = Record<string, unknown>;
export type Logger = {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
};

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** A batch larger than this is written at once instead of at the end of the event-loop turn. */
const MAX_BATCH_CHARS = 64 * 1024;

/**
 * Lines for stdout, gathered and written once per event-loop turn: one write for every request
 * answered in that turn, after the answers went out, instead of a write (a system call, blocking
 * for files and pipes) inside each request. Written before the process exits.
 */
function batchedStdout(): (line: string) => void {
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending) return;
    const batch = pending;
    pending = '';
    process.stdout.write(batch);
  };
  process.on('exit', flush);
  return (line) => {
    pending += `${line}\n`;
    if (pending.length > MAX_BATCH_CHARS) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

let stdoutWriter: ((line: string) => void) | undefined;

/** The ISO time of the current millisecond, formatted once however many lines it stamps. */
let stampedAt = 0;
let stamp = '';
function isoNow(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = new Date(now).toISOString();
  }
  return stamp;
}

/** One JSON object per line: time, level, msg, then the fields. */
function formatLine(level: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields): string {
  const head = `{"time":"${isoNow()}","level":"${level}","msg":${JSON.stringify(msg)}`;
  const rest = fields ? JSON.stringify(fields) : '{}';
  return rest.length > 2 ? `${head},${rest.slice(1)}` : `${head}}`;
}

export function createLogger(level: LogLevel = 'info', write?: (line: string) => void): Logger {
  const out = write ?? ((line: string) => (stdoutWriter ??= batchedStdout())(line));
  const emit = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields) => {
    if (ORDER[lvl] < ORDER[level]) return;
    out(formatLine(lvl, msg, fields));
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
  };
}

export const silentLogger: Logger = createLogger('silent');
