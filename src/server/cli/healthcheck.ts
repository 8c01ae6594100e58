import type { ApiEnv } from '~/server/env';
import { HEALTH_PATH, type Readiness } from '~/server/health-report';

/** How long to wait for the server's answer: below the 30 s Docker and systemd give a check by default. */
const ANSWER_WAIT_MS = 10_000;

/** Where the server listening on HOST and PORT answers readiness: a wildcard address takes loopback too. */
export function readinessUrl(env: Pick<ApiEnv, 'HOST' | 'PORT'>): string {
  const host = env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST === '::' ? '::1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}${HEALTH_PATH}/ready`;
}

/** The error code of a failed fetch (ECONNREFUSED…), else its message. */
const reason = (error: unknown): string => {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
};

/** Asks the server for readiness: ready (pass or warn) or not, and one line that says why. */
export async function healthcheck(env: Pick<ApiEnv, 'HOST' | 'PORT'>): Promise<{ ready: boolean; line: string }> {
  const url = readinessUrl(env);
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(ANSWER_WAIT_MS) });
  } catch (error) {
    return { ready: false, line: `No answer from ${url}: ${reason(error)}.` };
  }
  const body = (await res.json().catch(() => null)) as Readiness | null;
  if (!body?.checks) return { ready: false, line: `${url} answered ${res.status}, not a readiness report.` };
  const notPassing = Object.entries(body.checks)
    .flatMap(([name, checks]) => checks.map((check) => ({ name, ...check })))
    .filter((check) => check.status !== 'pass')
    .map((check) => `${check.name} ${check.status}${check.output ? `: ${check.output}` : ''}`);
  const ready = res.status === 200 && body.status !== 'fail';
  const detail = notPassing.length ? ` (${notPassing.join('; ')})` : '';
  return { ready, line: `${ready ? 'Ready' : 'Not ready'}: ${body.status}${detail}.` };
}
