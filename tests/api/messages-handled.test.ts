import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage } from '~/lib/schemas';
import { call, setupApi, type TestApi } from '../../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(async () => {
  await api.close();
});

async function send(subject: string): Promise<number> {
  const res = await call(api.app, 'POST', '/api/contact', {
    json: { name: 'Priya Raman', email: 'priya@example.com', subject, message: 'Can we talk next week?' },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
async function listed(id: number): Promise<ContactMessage | undefined> {
  const res = await call(api.app, 'GET', '/api/messages', { token: api.token });
  return ((await res.json()) as { messages: ContactMessage[] }).messages.find((m) => m.id === id);
}
/** `token: null` sends no token. */
const mark = (id: number | string, body: unknown, token: string | null = api.token) =>
  call(api.app, 'PUT', `/api/messages/${id}/handled`, { json: body, ...(token ? { token } : {}) });

describe('handled messages', () => {
  it('a new message is unhandled; it can be marked handled and back', async () => {
    const id = await send('Pilot request');
    expect((await listed(id))?.handledAt).toBeNull();

    const res = await mark(id, { handled: true });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; id: number; handledAt: string };
    expect(body).toEqual({ message: 'Message marked as handled', id, handledAt: expect.any(String) });
    expect(new Date(body.handledAt).toISOString()).toBe(body.handledAt);
    expect((await listed(id))?.handledAt).toBe(body.handledAt);

    const back = await mark(id, { handled: false });
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({ message: 'Message marked as not handled', id, handledAt: null });
    expect((await listed(id))?.handledAt).toBeNull();
  });

  it('refuses a body without a boolean (400), an unknown message (404) and no token (401)', async () => {
    const id = await send('Bad input');
    for (const body of [{}, { handled: 'yes' }, { handled: 1 }]) {
      const res = await mark(id, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('Handled must be true or false');
    }
    for (const bad of ['999999', 'x']) {
      const res = await mark(bad, { handled: true });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Message not found' });
    }
    expect((await mark(id, { handled: true }, null)).status).toBe(401);
    expect((await listed(id))?.handledAt).toBeNull();
  });
});
