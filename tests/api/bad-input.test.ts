/** Bad input answers 400 with a short, useful body: never a 500, never a stack, never a novel. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, setupApi, type TestApi } from '../../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi({ config: { rateLimits: { contactPerIp: { max: 1000, windowMs: 60_000 } } } });
});
afterAll(async () => {
  await api.close();
});

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const post = (path: string, body: string) =>
  call(api.app, 'POST', path, { body, headers: { 'Content-Type': 'application/json' } });

describe('JSON nested too deeply', () => {
  it.each(['/api/admin', '/api/contact'])(
    'answers 400 to 3,000 levels (6 KB) at %s, and logs no error',
    async (path) => {
      const res = await post(path, deep(3000));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Request body is nested too deeply' });
      const objects = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
      expect((await post(path, objects)).status).toBe(400);
      expect(api.logs.filter((l) => l['level'] === 'error')).toEqual([]);
    },
  );

  it('still reads a body nested 32 levels deep as ordinary input', async () => {
    const res = await post(
      '/api/contact',
      `{"name":"A","email":"a@example.com","subject":"s","message":"m","x":${deep(31)}}`,
    );
    expect(res.status).toBe(201);
  });
});

describe('junk the schema does not know', () => {
  it('answers a 58 KB array of NUL strings with one short error, not one per element', async () => {
    const body = JSON.stringify(Array.from({ length: 6400 }, () => '\u0000'));
    expect(body.length).toBeGreaterThan(50_000);
    const res = await post('/api/contact', body);
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text.length).toBeLessThan(1000);
  });

  it('never walks keys outside the schema: NUL in an unknown field is ignored, in a known one refused', async () => {
    const valid = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Hi there' };
    const unknown = await post('/api/contact', JSON.stringify({ ...valid, extra: { deeper: ['\u0000'] } }));
    expect(unknown.status).toBe(201);
    const known = await post('/api/contact', JSON.stringify({ ...valid, subject: 'a\u0000b' }));
    expect(known.status).toBe(400);
    expect(await known.json()).toEqual({
      message: 'Text must not contain NUL characters',
      errors: { subject: 'Text must not contain NUL characters' },
    });
  });

  it('caps the number of reported errors', async () => {
    const res = await call(api.app, 'PUT', '/api/job/1', {
      token: api.token,
      json: { title: 1, department: 2, location: 3, jobType: 4, description: 5, salaryRange: 6 },
    });
    const { errors } = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(errors).length).toBeLessThanOrEqual(20);
  });
});

describe('lone surrogates and blank text in JSON', () => {
  it('refuses a lone surrogate with 400 instead of storing U+FFFD', async () => {
    const res = await post(
      '/api/contact',
      '{"name":"Ada","email":"ada@example.com","subject":"hi \\ud800","message":"Hello there"}',
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Text contains characters that could not be read',
      errors: { subject: 'Text contains characters that could not be read' },
    });
  });

  it('counts a zero-width-only message as missing', async () => {
    const res = await post(
      '/api/contact',
      JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: '\u200B\u2060\u200B' }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
      message: 'Message is required',
    });
  });

  it('refuses a contact e-mail that would add mailto: fields', async () => {
    const res = await post(
      '/api/contact',
      JSON.stringify({ name: 'Ada', email: 'v@example.com?bcc=a%40evil.example', subject: 'Hi', message: 'Hello' }),
    );
    expect(res.status).toBe(400);
  });
});
