import { Hono, type Context } from 'hono';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { retryAfterFault } from '../../fault-answers';
import { HEALTH_JSON } from '../../health-report';
import { readinessOf } from './readiness';
import { healthState, type HealthProbes } from './state';

const healthJson = (c: Context, body: unknown, status: 200 | 503) => {
  c.header('Cache-Control', 'no-store');
  return c.body(JSON.stringify(body), status, { 'Content-Type': HEALTH_JSON });
};

/**
 * `/api/health`, for a load balancer's probe: 200 while the database answers and the disk takes
 * writes, else 503 naming what is down. What still works but worse (SQLite checkpointing on the
 * event loop since its thread died) is named under `degraded`, with status 'degraded' while nothing
 * is down. `/live`: the process answers. `/ready`: the IETF health-check format, 503 on fail.
 */
export function healthRoutes(services: Runtime, probes: HealthProbes): Hono<AppEnv> {
  const readiness = readinessOf(services);
  const routes = new Hono<AppEnv>();
  routes.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const state = await healthState(services, probes);
    const database = services.dbKind;
    const degraded = state.degraded.length ? { degraded: state.degraded } : null;
    if (!state.down.length) return c.json({ status: degraded ? 'degraded' : 'ok', database, ...degraded }, 200);
    retryAfterFault(c, state.databaseUp ? 'full' : 'unavailable');
    return c.json(
      { status: state.starting ? 'starting' : 'unavailable', database, down: state.down, ...degraded },
      503,
    );
  });
  routes.get('/live', (c) => healthJson(c, { status: 'pass' }, 200));
  routes.get('/ready', async (c) => {
    const state = await healthState(services, probes);
    const answer = await readiness(state);
    if (answer.status !== 'fail') return healthJson(c, answer, 200);
    retryAfterFault(c, state.databaseUp ? 'full' : 'unavailable');
    return healthJson(c, answer, 503);
  });
  return routes;
}
