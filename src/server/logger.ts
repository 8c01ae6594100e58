/** Structured JSON-lines logging through pino. Never pass passwords, tokens, client addresses or file contents. */
import { once } from 'node:events';
import pino, { type DestinationStream } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type LogFields = Record<string, unknown>;
export type Logger = {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A failure the process does not survive (the crash handler's line). */
  fatal(msg: string, fields?: LogFields): void;
  /** Writes every pending line now, synchronously. */
  flush(): void;
};

/** `_writing`: sonic-boom's flag for a write handed to libuv and not yet finished (no public getter). */
type StdoutStream = ReturnType<typeof pino.destination> & { readonly _writing?: boolean; readonly destroyed?: boolean };

/**
 * One asynchronous stdout for every logger in the process: a line is queued and written by libuv
 * off the event loop (lines logged meanwhile go out together), never a blocking write per request.
 * pino writes what is still queued when the process exits normally; crashes go through exitOnCrash().
 */
let stdout: StdoutStream | undefined;
function stdoutStream(): StdoutStream {
  stdout ??= pino.destination({ dest: 1, sync: false }) as StdoutStream;
  return stdout;
}

/** Lines to the caller's function, one JSON object each without the newline (tests capture them). */
function lineStream(write: (line: string) => void): DestinationStream {
  return { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) };
}

const nowhere: DestinationStream = { write: () => undefined };

/** Writes whatever the shared stdout holds, synchronously; a failing stdout is not worth a throw. */
function flushStdout(): void {
  if (!stdout || stdout.destroyed) return;
  try {
    stdout.flushSync();
  } catch {
    // Nothing left to report the failure to.
  }
}

/**
 * Waits (at most `timeoutMs`) for a write already handed to libuv, then writes the rest: a write in
 * flight is not repeated by flushSync(), and an exit before it finishes would lose its lines.
 */
export async function settleLogs(timeoutMs = 2_000): Promise<void> {
  const stream = stdout;
  if (stream && !stream.destroyed && stream._writing) {
    const timeout = AbortSignal.timeout(timeoutMs);
    await Promise.race([once(stream, 'drain', { signal: timeout }), once(stream, 'error', { signal: timeout })]).catch(
      () => undefined,
    );
  }
  flushStdout();
}

/** One JSON object per line: level, time (ISO), the fields, msg. */
export function createLogger(level: LogLevel = 'info', write?: (line: string) => void): Logger {
  const destination = write ? lineStream(write) : level === 'silent' ? nowhere : stdoutStream();
  const log = pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return {
    debug: (msg, fields) => log.debug(fields ?? {}, msg),
    info: (msg, fields) => log.info(fields ?? {}, msg),
    warn: (msg, fields) => log.warn(fields ?? {}, msg),
    error: (msg, fields) => log.error(fields ?? {}, msg),
    fatal: (msg, fields) => log.fatal(fields ?? {}, msg),
    flush: () => {
      if (destination === stdout) flushStdout();
    },
  };
}

export const silentLogger: Logger = createLogger('silent');

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
    crashLogger?.fatal(origin === 'unhandledRejection' ? 'unhandled rejection' : 'uncaught exception', {
      error: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    if (exiting) return;
    exiting = true;
    void settleLogs().finally(() => {
      crashLogger?.flush();
      exit(1);
    });
  });
}
