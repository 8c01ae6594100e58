import { Hono } from 'hono';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { dailyResponseTime } from './response-time';

/** The figure changes once a day: browsers and the proxy may keep it an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

/** `/career`: the public median time to a first reply, for the careers board. */
export function careerRoutes(services: Runtime) {
  const figure = dailyResponseTime(services.db, services.now);
  return new Hono<AppEnv>().get('/response-time', async (c) => {
    c.header('Cache-Control', CACHE_CONTROL);
    return c.json(await figure());
  });
}
