/**
 * The editing UI and its API exist only in `npm run dev` (src/integrations/keystatic-dev.ts): the
 * production server, serving the build, answers them with 404 like any unknown path.
 */
import { expect, test } from './fixtures';

test.describe('Keystatic in production', { tag: '@once' }, () => {
  for (const path of ['/keystatic', '/keystatic/collection/articles', '/keystatic/collection/articles/create']) {
    test(`${path} answers 404`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      expect(await response.text()).not.toMatch(/keystatic/i);
    });
  }

  test('its API answers 404, reading or writing', async ({ request }) => {
    const headers = { 'no-cors': '1' };
    expect((await request.get('/api/keystatic/tree', { headers })).status()).toBe(404);
    const update = await request.post('/api/keystatic/update', {
      headers: { ...headers, 'content-type': 'application/json' },
      data: { additions: [{ path: 'content/articles/x.mdx', contents: 'eA' }], deletions: [] },
    });
    expect(update.status()).toBe(404);
  });

  test('the build holds no trace of it', async ({ request }) => {
    const home = await (await request.get('/')).text();
    expect(home).not.toMatch(/keystatic/i);
  });
});
