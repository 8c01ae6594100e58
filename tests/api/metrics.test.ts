/**
 * /metrics through the real server: off unless METRICS=true; answered only to
 * METRICS_ALLOWED_NETWORKS (the client address as TRUST_PROXY reads it) and, with METRICS_TOKEN,
 * only with that bearer token; Node's metrics, request durations by route pattern (a token in an
 * address never shows) and the site's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsMessages } from '~/server/features/health/metrics';
import { EnvError, parseApiEnv } from '~/server/env';
import { applicationForm, processStorage } from '../../support/api';
import { createJob } from '../helpers/running-server';
import { startApiServer, type RunningServer } from '../helpers/server';

const ADMIN = { email: 'metrics@example.com', password: 'metrics test password' };
const TOKEN = 'scrape-token-0123456789';
/** Shaped like a private page's token, so its absence from the metrics means something. */
const CAPABILITY = 'Zq8xK2mN4pR6tV9wY1bC3dF5gH7jL0sA';

type Storage = Awaited<ReturnType<typeof processStorage>>;
const started: { server: RunningServer; storage: Storage }[] = [];

async function serve(env: Record<string, string>): Promise<RunningServer> {
  const storage = await processStorage('metrics');
  const server = await startApiServer(
    {
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    0,
  );
  started.push({ server, storage });
  return server;
}

afterAll(async () => {
  for (const { server, storage } of started) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await storage.remove();
  }
});

const scrape = (server: RunningServer, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/metrics`, { headers });

async function applyOnce(server: RunningServer): Promise<void> {
  const jobId = await createJob(server.url, ADMIN);
  const applied = await fetch(`${server.url}/api/applicants/apply`, { method: 'POST', body: applicationForm(jobId) });
  expect(applied.status).toBe(201);
}

describe('/metrics', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve({ METRICS: 'true', TRUST_PROXY: 'true' });
  });

  it('is off unless METRICS=true', async () => {
    const off = await serve({});
    expect((await scrape(off)).status).toBe(404);
  });

  it("answers loopback with Node's metrics, request durations by route pattern and the site's own", async () => {
    await applyOnce(server);
    // Addresses that carry capability tokens: the metrics name their route's pattern only.
    await fetch(`${server.url}/api/applications/${CAPABILITY}`);
    await fetch(`${server.url}/api/alerts/${CAPABILITY}`);
    const res = await scrape(server);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const line of [
      /^process_resident_memory_bytes \d+/m,
      /^nodejs_eventloop_lag_seconds [\d.e-]+/m,
      /^nodejs_heap_size_used_bytes \d+/m,
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/applicants\/apply",status="201"\} 1$/m,
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/applications\/:token",status="\d+"\} 1$/m,
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/alerts\/:token",status="\d+"\} 1$/m,
      /^edgecraft_applications_received_total 1$/m,
      /^edgecraft_database_state\{state="up"\} 1$/m,
      /^edgecraft_database_state\{state="down"\} 0$/m,
      // The application's mails wait: no SMTP_URL.
      /^edgecraft_outbox_mails\{state="pending"\} [1-9]\d*$/m,
      /^edgecraft_outbox_mails\{state="failed"\} 0$/m,
      /^edgecraft_outbox_oldest_pending_age_seconds [\d.e-]+$/m,
      /^edgecraft_backup_last_success_timestamp_seconds 0$/m,
    ])
      expect(text).toMatch(line);
    expect(text).not.toContain(CAPABILITY);
  });

  it('refuses with 403 another address than loopback, as TRUST_PROXY reads it from X-Forwarded-For', async () => {
    const refused = await scrape(server, { 'X-Forwarded-For': '203.0.113.9' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: metricsMessages.network });
    // Only the last entry counts (our proxy's); a client's own earlier entry does not.
    expect((await scrape(server, { 'X-Forwarded-For': '127.0.0.1, 203.0.113.9' })).status).toBe(403);
    expect((await scrape(server, { 'X-Forwarded-For': '203.0.113.9, 127.0.0.1' })).status).toBe(200);
    expect((await scrape(server, { 'X-Forwarded-For': '::1' })).status).toBe(200);
  });

  it('with METRICS_TOKEN answers only that bearer token, from METRICS_ALLOWED_NETWORKS', async () => {
    const guarded = await serve({
      METRICS: 'true',
      TRUST_PROXY: 'true',
      METRICS_TOKEN: TOKEN,
      METRICS_ALLOWED_NETWORKS: '10.0.0.0/8',
    });
    const from = (address: string, token?: string) =>
      scrape(guarded, { 'X-Forwarded-For': address, ...(token ? { Authorization: `Bearer ${token}` } : {}) });
    const bare = await from('10.1.2.3');
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toBe('Bearer');
    expect(await bare.json()).toEqual({ message: metricsMessages.token });
    expect((await from('10.1.2.3', `${TOKEN}x`)).status).toBe(401);
    expect((await from('10.1.2.3', TOKEN)).status).toBe(200);
    // Loopback is no longer among the allowed networks, token or not.
    expect((await from('127.0.0.1', TOKEN)).status).toBe(403);
    expect((await scrape(guarded, { Authorization: `Bearer ${TOKEN}` })).status).toBe(403);
  });

  it('refuses a METRICS_ALLOWED_NETWORKS entry that is not an address or a network at start', () => {
    for (const value of ['localhost', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1'])
      expect(() => parseApiEnv({ METRICS_ALLOWED_NETWORKS: value })).toThrow(EnvError);
    expect(
      parseApiEnv({ METRICS_ALLOWED_NETWORKS: '10.0.0.0/8, fd00::/8,192.0.2.7' }).METRICS_ALLOWED_NETWORKS,
    ).toEqual(['10.0.0.0/8', 'fd00::/8', '192.0.2.7']);
  });
});
