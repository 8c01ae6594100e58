import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { outboxStats, readBackupRecord } from '../../db';
import { apiError } from '../../errors';
import { loggedPath } from '../../middleware/api-request';
import { clientAddress, inNetworks } from '../../middleware/client-ip';
import { healthState, type HealthProbes } from './state';

export const metricsMessages = {
  network: 'Metrics are answered only to METRICS_ALLOWED_NETWORKS.',
  token: 'Metrics need METRICS_TOKEN as a bearer token.',
} as const;

const OUTBOX_STATES = ['pending', 'sent', 'failed', 'held'] as const;
const DATABASE_STATES = ['up', 'down', 'starting'] as const;

function blockListOf(networks: readonly string[]): BlockList {
  const list = new BlockList();
  for (const network of networks) {
    const [address = '', prefix] = network.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    list.addSubnet(address, prefix === undefined ? (type === 'ipv4' ? 32 : 128) : Number(prefix), type);
  }
  return list;
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The registry /metrics answers from: Node's default metrics, the API's request durations by route
 * pattern (never the address, which may carry a token), and ours, read from the database at each scrape.
 */
export function createMetrics(services: Runtime, probes: HealthProbes, applyPath: string) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'How long the API took to answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const applications = new Counter({
    name: 'edgecraft_applications_received_total',
    help: 'Applications stored since the process started.',
    registers: [registry],
  });
  const database = new Gauge({
    name: 'edgecraft_database_state',
    help: 'The database: 1 for the state it is in (up, down, starting).',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const mails = new Gauge({
    name: 'edgecraft_outbox_mails',
    help: 'Mails in the outbox by state (held: waiting for an owner after a restore).',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const oldestPending = new Gauge({
    name: 'edgecraft_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest mail waiting to be sent; 0 when none waits.',
    registers: [registry],
  });
  const lastBackup = new Gauge({
    name: 'edgecraft_backup_last_success_timestamp_seconds',
    help: 'When `admin -- backup` last wrote a backup that passed its checks; 0 when none is recorded.',
    registers: [registry],
  });

  /** Reads what the gauges show; the database's absence leaves the outbox's unknown (absent), not zero. */
  async function refresh(): Promise<void> {
    const state = await healthState(services, probes);
    const current = state.starting ? 'starting' : state.databaseUp ? 'up' : 'down';
    for (const name of DATABASE_STATES) database.set({ state: name }, name === current ? 1 : 0);
    mails.reset();
    oldestPending.reset();
    const stats = state.databaseUp ? await outboxStats(services.db).catch(() => null) : null;
    if (stats) {
      for (const name of OUTBOX_STATES) mails.set({ state: name }, stats.counts[name]);
      const oldest = stats.oldestPendingAt ? Date.parse(stats.oldestPendingAt) : null;
      oldestPending.set(oldest === null ? 0 : Math.max(0, (services.now().getTime() - oldest) / 1000));
    }
    const { record } = services.config.backups;
    lastBackup.set(((record ? readBackupRecord(record) : null)?.at.getTime() ?? 0) / 1000);
  }

  const observe: MiddlewareHandler<AppEnv> = async (c, next) => {
    const stop = durations.startTimer();
    await next();
    const route = loggedPath(c);
    stop({ method: c.req.method, route, status: String(c.res.status) });
    if (c.res.status === 201 && c.req.method === 'POST' && route === applyPath) applications.inc();
  };

  const { allowedNetworks, token } = services.config.metrics;
  const allowed = blockListOf(allowedNetworks);
  const answer: MiddlewareHandler<AppEnv> = async (c) => {
    if (!inNetworks(allowed, clientAddress(c, services.config.trustProxy)))
      return apiError(c, 403, metricsMessages.network);
    const bearer = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (token !== undefined && !(bearer && sameSecret(bearer, token))) {
      c.header('WWW-Authenticate', 'Bearer');
      return apiError(c, 401, metricsMessages.token);
    }
    await refresh();
    c.header('Cache-Control', 'no-store');
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
  };

  return { observe, answer };
}
