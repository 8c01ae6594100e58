/** `/api/job` declares the header its answer varies on, with and without CORS: appended, never replaced. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

const PARTNER = 'https://static.partner.test';

/** The Vary field names of an answer, lower-cased, each once. */
const varyOf = (res: Response) =>
  new Set(
    (res.headers.get('vary') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );

describe.each([
  ['without CORS_ORIGINS', [] as string[]],
  ['with CORS_ORIGINS', [PARTNER]],
])('Vary of /api/job %s', (_label, corsOrigins) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await setupApi({ config: { corsOrigins } });
  });
  afterAll(async () => {
    await api.close();
  });

  const requests = [
    ['a plain request', {}],
    ['a gzip-accepting request', { 'Accept-Encoding': 'gzip' }],
    ['a cross-origin request', { Origin: PARTNER, 'Accept-Encoding': 'gzip' }],
  ] as const;

  it.each(requests)('keeps Origin on an empty list, its 304, and a long list: %s', async (_r, headers) => {
    const check = async () => {
      const res = await call(api.app, 'GET', '/api/job', { headers });
      expect(res.status).toBe(200);
      expect(varyOf(res)).toEqual(new Set(['origin']));
      const again = await call(api.app, 'GET', '/api/job', {
        headers: { ...headers, 'If-None-Match': res.headers.get('etag') ?? '' },
      });
      expect(again.status).toBe(304);
      expect(varyOf(again)).toEqual(new Set(['origin']));
      return res;
    };
    await check();
    while ((await (await call(api.app, 'GET', '/api/job')).text()).length < 4096) await createJobViaApi(api);
    const long = await check();
    if ('Origin' in headers && corsOrigins.length)
      expect(long.headers.get('access-control-allow-origin')).toBe(PARTNER);
  });
});
