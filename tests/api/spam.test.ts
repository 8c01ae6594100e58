import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIN_FILL_MS, FILL_TIME_FIELD, HONEYPOT_FIELD, SPAM_MESSAGE } from '~/lib/spam';
import { applicationForm, apply, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

// The production default: forms must have been open for three seconds.
let api: TestApi;
let jobId: number;
beforeAll(async () => {
  api = await setupApi({ config: { spamMinFillMs: DEFAULT_MIN_FILL_MS } });
  jobId = (await createJobViaApi(api)).id;
});
afterAll(async () => {
  await api.close();
});

const message = {
  name: 'Priya Raman',
  email: 'priya@example.com',
  subject: 'Drone pilot programme',
  message: 'We build inspection drones.',
};
const contact = (body: Record<string, unknown>) => call(api.app, 'POST', '/api/contact', { json: body });
const human = { [HONEYPOT_FIELD]: '', [FILL_TIME_FIELD]: 8_000 };

async function storedCounts() {
  const messages = await call(api.app, 'GET', '/api/messages', { token: api.token });
  const applicants = await call(api.app, 'GET', '/api/applicants', { token: api.token });
  return {
    messages: ((await messages.json()) as { messages: unknown[] }).messages.length,
    applicants: ((await applicants.json()) as { applicants: unknown[] }).applicants.length,
  };
}

const spamLogs = () => api.logs.filter((line) => line['msg'] === 'spam rejected');

describe('contact form spam rule', () => {
  it('accepts a message sent after eight seconds with an empty honeypot', async () => {
    const res = await contact({ ...message, ...human });
    expect(res.status).toBe(201);
  });

  it.each([
    ['the honeypot is filled', { ...human, [HONEYPOT_FIELD]: 'https://cheap-pills.example' }, 'honeypot'],
    ['the honeypot is not a string', { ...human, [HONEYPOT_FIELD]: ['x'] }, 'honeypot'],
    ['it arrives 1.2 s after the form appeared', { ...human, [FILL_TIME_FIELD]: 1_200 }, 'too-fast'],
    ['it carries no fill time', { [HONEYPOT_FIELD]: '' }, 'too-fast'],
    ['its fill time is not a number', { ...human, [FILL_TIME_FIELD]: 'soon' }, 'too-fast'],
  ])('rejects a message when %s, with the neutral message, storing nothing', async (_case, spam, reason) => {
    const before = await storedCounts();
    const logged = spamLogs().length;
    const res = await contact({ ...message, ...spam });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: SPAM_MESSAGE });
    expect(await storedCounts()).toEqual(before);
    expect(spamLogs().slice(logged)).toEqual([
      expect.objectContaining({ level: 'warn', form: 'contact', reason, rejectedSinceStart: logged + 1 }),
    ]);
  });

  it('does not log what the bot typed', () => {
    expect(JSON.stringify(spamLogs())).not.toContain('cheap-pills');
  });
});

describe('application form spam rule', () => {
  const form = (spam: Record<string, string>, email: string) => {
    const body = applicationForm(jobId, { email });
    for (const [key, value] of Object.entries(spam)) body.set(key, value);
    return body;
  };

  it('accepts an application sent after 45 s with an empty honeypot', async () => {
    const res = await apply(api, form({ [HONEYPOT_FIELD]: '', [FILL_TIME_FIELD]: '45000' }, 'person@example.com'));
    expect(res.status).toBe(201);
  });

  it.each([
    ['the honeypot is filled', { [HONEYPOT_FIELD]: 'Acme', [FILL_TIME_FIELD]: '45000' }, 'honeypot'],
    ['it arrives 900 ms after the form opened', { [HONEYPOT_FIELD]: '', [FILL_TIME_FIELD]: '900' }, 'too-fast'],
    ['it carries no fill time', {}, 'too-fast'],
  ])('rejects an application when %s, storing neither applicant nor resume', async (_case, spam, reason) => {
    const before = await storedCounts();
    const res = await apply(api, form(spam, `bot-${reason}-${Object.keys(spam).length}@example.com`));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: SPAM_MESSAGE });
    expect(await storedCounts()).toEqual(before);
    expect(spamLogs().at(-1)).toMatchObject({ form: 'application', reason });
  });
});

describe('SPAM_MIN_FILL_MS=0', () => {
  it('turns the timing rule off but keeps the honeypot', async () => {
    const relaxed = await setupApi({ config: { spamMinFillMs: 0 } });
    try {
      const quick = await call(relaxed.app, 'POST', '/api/contact', { json: { ...message, [FILL_TIME_FIELD]: 5 } });
      expect(quick.status).toBe(201);
      const trapped = await call(relaxed.app, 'POST', '/api/contact', { json: { ...message, [HONEYPOT_FIELD]: 'x' } });
      expect(trapped.status).toBe(400);
    } finally {
      await relaxed.close();
    }
  });
});
