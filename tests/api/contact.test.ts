import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage } from '~/lib/schemas';
import { call, setupApi, type TestApi } from '../../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi({
    config: {
      trustProxy: true,
      rateLimits: {
        loginPerIp: { max: 20, windowMs: 60_000 },
        loginPerEmail: { max: 5, windowMs: 60_000 },
        contactPerIp: { max: 3, windowMs: 60_000 },
      },
    },
  });
});
afterAll(async () => {
  await api.close();
});

const valid = {
  name: 'Priya Raman',
  email: 'priya@example.com',
  subject: 'Drone pilot programme',
  message: 'We build inspection drones and want to evaluate IPG.',
};
let ip = 0;
const send = (body: unknown, from = `192.0.2.${++ip}`) =>
  call(api.app, 'POST', '/api/contact', { json: body, headers: { 'X-Forwarded-For': from } });

describe('contact messages', () => {
  it('stores a trimmed message and lists it to admins newest first', async () => {
    const res = await send({ ...valid, name: '  Priya Raman ' });
    expect(res.status).toBe(201);
    const second = await send({ ...valid, subject: 'Second' });
    expect(second.status).toBe(201);
    const list = await call(api.app, 'GET', '/api/messages', { token: api.token });
    expect(list.status).toBe(200);
    const { messages } = (await list.json()) as { messages: ContactMessage[] };
    expect(messages.map((m) => m.subject)).toEqual(['Second', 'Drone pilot programme']);
    expect(messages[1]).toMatchObject({ ...valid, id: expect.any(Number) });
  });

  it.each([
    ['name', '', 'Name is required'],
    ['name', 'n'.repeat(101), 'Name must not exceed 100 characters'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['email', `${'e'.repeat(250)}@x.io`, 'Please enter a valid email address'],
    ['subject', '', 'Subject is required'],
    ['subject', 's'.repeat(201), 'Subject must not exceed 200 characters'],
    ['message', '   ', 'Message is required'],
    ['message', 'm'.repeat(5001), 'Message must not exceed 5000 characters'],
  ])('rejects %s %# with 400 and its message', async (field, value, message) => {
    const res = await send({ ...valid, [field]: value });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, errors: { [field]: message } });
  });

  it('accepts the longest allowed values', async () => {
    const res = await send({
      name: 'n'.repeat(100),
      email: `${'e'.repeat(240)}@example.com`,
      subject: 's'.repeat(200),
      message: 'm'.repeat(5000),
    });
    expect(res.status).toBe(201);
  });

  it('limits messages per address with 429 and Retry-After', async () => {
    const from = '203.0.113.9';
    for (let i = 0; i < 3; i++) expect((await send(valid, from)).status).toBe(201);
    const blocked = await send(valid, from);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await blocked.json()).toEqual({ message: 'Too many messages. Please try again later.' });
    expect((await send(valid, '203.0.113.10')).status).toBe(201);
  });

  it('deletes a message, then answers 404 for it', async () => {
    const { id } = (await (await send(valid)).json()) as { id: number };
    const del = await call(api.app, 'DELETE', `/api/messages/${id}`, { token: api.token });
    expect(del.status).toBe(200);
    const again = await call(api.app, 'DELETE', `/api/messages/${id}`, { token: api.token });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: 'Message not found' });
  });
});
