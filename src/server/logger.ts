/**
 * Structured JSON-lines logging: pino, used with its own API (`logger.info({ fields }, 'msg')`); an
 * error goes in as `{ err }`, which pino's serializer writes with its type, message and stack.
 * Never pass passwords, tokens, client addresses or file contents: `REDACTED` censors the usual
 * names of secrets should one slip in.
 */
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type Logger = PinoLogger;

/** How long an exit waits for stdout to take the pending lines; a blocked stdout must not hold the process. */
const FLUSH_WAIT_MS = 2_000;

/**
 * One asynchronous stdout for every logger in the process: a line is queued and written by libuv
 * off the event loop (lines logged meanwhile go out together), never a blocking write per request.
 * minLength 1 writes each line at once, as 0 would, and makes flush(cb) wait for the write in flight.
 */
let stdout: DestinationStream | undefined;
const stdoutStream = () => (stdout ??= pino.destination({ dest: 1, sync: false, minLength: 1 }));

/** Lines to the caller's function, one JSON object each without the newline (tests capture them). */
function lineStream(write: (line: string) => void): DestinationStream {
  return { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) };
}

const nowhere: DestinationStream = { write: () => undefined };

/** Fields written as "[redacted]", at the top and one level down (a request's headers, a body, an error's details). */
const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'token', 'secret', 'authorization', 'cookie'];
const REDACTED = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  // A PostgreSQL error's detail names the values of the row it refused (an e-mail address, say).
  'err.detail',
];

/** One JSON object per line: level, time (ISO), the fields, msg. */
export function createLogger(level: LogLevel = 'info', write?: (line: string) => void): Logger {
  const destination = write ? lineStream(write) : level === 'silent' ? nowhere : stdoutStream();
  return pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err },
      redact: { paths: REDACTED, censor: '[redacted]' },
    },
    destination,
  );
}

export const silentLogger: Logger = createLogger('silent');

/**
 * Resolves once `logger`'s pending lines are written (pino's flush), or after FLUSH_WAIT_MS; pino
 * writes what is still queued synchronously when the process then exits.
 */
export function flushLogs(logger: Logger): Promise<void> {
  return new Promise((resolve) => {
    const gaveUp = setTimeout(resolve, FLUSH_WAIT_MS);
    logger.flush(() => {
      clearTimeout(gaveUp);
      resolve();
    });
  });
}

/** The logger the crash handler writes to: the latest one handed to exitOnCrash(). */
let crashLogger: Logger | undefined;

/**
 * From now on an uncaught exception or unhandled rejection logs one `fatal` line with the error
 * and its stack, writes every pending line, and exits with code 1. Installed once per process;
 * a later call only changes the logger.
 */
export function exitOnCrash(logger: Logger, exit: (code: number) => void = (code) => process.exit(code)): void {
  const installed = crashLogger !== undefined;
  crashLogger = logger;
  if (installed) return;
  let exiting = false;
  // Without an 'unhandledRejection' listener Node raises a rejection as an uncaught exception, origin says which.
  process.on('uncaughtException', (error, origin) => {
    crashLogger?.fatal(
      {
        error: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      },
      origin === 'unhandledRejection' ? 'unhandled rejection' : 'uncaught exception',
    );
    if (exiting || !crashLogger) return;
    exiting = true;
    void flushLogs(crashLogger).finally(() => exit(1));
  });
}
