import { expect, test } from './fixtures';

// What the one server answers for the static build and around it (src/server/static/serve-dist.ts).
// Plain HTTP: the width of the browser does not matter, so these run once.
// HTTP only: no viewport involved.
test.describe('the server', { tag: '@once' }, () => {
  test('serves pages Brotli-compressed and revalidated, hashed assets cached for a year', async ({ request }) => {
    const home = await request.get('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(home.status()).toBe(200);
    expect(home.headers()).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=0, must-revalidate',
      vary: 'Accept-Encoding',
    });
    const stylesheet = /href="(\/_astro\/[^"]+\.css)"/.exec(await home.text())?.[1];
    expect(stylesheet).toBeTruthy();
    const css = await request.get(stylesheet!, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(css.headers()).toMatchObject({
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });

  test('picks the encoding the client accepts, q=0 refusing one', async ({ request }) => {
    const encodingFor = async (acceptEncoding: string) =>
      (await request.get('/', { headers: { 'Accept-Encoding': acceptEncoding } })).headers()['content-encoding'];
    expect(await encodingFor('gzip, br')).toBe('br');
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('gzip;q=0, br;q=0')).toBeUndefined();
    expect(await encodingFor('*')).toBe('br');
  });

  test('serves a page at its clean URL with or without the trailing slash, and at its file', async ({ request }) => {
    const bodies = await Promise.all(
      ['/career', '/career/', '/career/index.html', '/career?ref=x'].map(async (path) => {
        const res = await request.get(path, { headers: { 'Accept-Encoding': 'identity' } });
        expect(res.status(), path).toBe(200);
        return res.text();
      }),
    );
    expect(new Set(bodies).size).toBe(1);
  });

  test('answers 304 when the page has not changed, and HEAD without a body', async ({ request }) => {
    const first = await request.get('/career');
    const etag = first.headers()['etag'];
    expect(etag).toBeTruthy();
    const again = await request.get('/career', { headers: { 'If-None-Match': etag! } });
    expect(again.status()).toBe(304);
    const head = await request.head('/career');
    expect(head.status()).toBe(200);
    expect(Number(head.headers()['content-length'])).toBeGreaterThan(1000);
    expect((await head.body()).length).toBe(0);
  });

  test('serves the hero video in byte ranges, as Safari asks for it', async ({ request }) => {
    const whole = await request.head('/video/hero.mp4');
    const size = Number(whole.headers()['content-length']);
    expect(whole.headers()['accept-ranges']).toBe('bytes');
    const part = await request.get('/video/hero.mp4', { headers: { Range: 'bytes=0-99' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toBe(`bytes 0-99/${size}`);
    expect((await part.body()).length).toBe(100);
    const tail = await request.get('/video/hero.mp4', { headers: { Range: 'bytes=-10' } });
    expect(tail.headers()['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    const beyond = await request.get('/video/hero.mp4', { headers: { Range: `bytes=${size}-` } });
    expect(beyond.status()).toBe(416);
  });

  for (const path of [
    '/../package.json',
    '/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/%00',
    '/node/main.mjs',
    '/server/entry.mjs',
  ]) {
    test(`never serves a file outside the public build: ${path}`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(404);
      expect(await res.text()).toContain('Page not found');
    });
  }

  test('every kind of answer carries the security headers and frame-ancestors', async ({ request }) => {
    const answers = await Promise.all(
      ['/', '/_astro/', '/api/health', '/api/nope', '/no-such-page', '/career/jobs/999999', '/sitemap-jobs.xml'].map(
        (path) => request.get(path),
      ),
    );
    answers.push(await request.get('/login', { maxRedirects: 0 }));
    for (const res of answers) {
      const headers = res.headersArray();
      const named = (name: string) => headers.filter((h) => h.name.toLowerCase() === name).map((h) => h.value);
      expect(named('x-frame-options'), res.url()).toEqual(['DENY']);
      expect(named('x-content-type-options'), res.url()).toEqual(['nosniff']);
      expect(named('content-security-policy').join(' '), res.url()).toContain("frame-ancestors 'none'");
    }
  });
});
