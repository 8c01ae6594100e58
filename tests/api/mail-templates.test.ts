import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailTemplate } from '~/lib/schemas';
import { UNDO_SECONDS } from '~/lib/limits';
import { insertAdmin } from '~/server/db';
import { signToken } from '~/server/services/jwt';
import { hashPassword } from '~/server/services/password';
import { site } from '~/site';
import { apply, applicationForm, call, createJobViaApi, setupApi, type TestApi, appliedId } from '../../support/api';

let api: TestApi;
let jobId: number;
let viewerToken: string;
let recruiterToken: string;
let n = 0;

beforeAll(async () => {
  api = await setupApi();
  jobId = (await createJobViaApi(api, { title: 'Firmware <Lead> & "Zephyr"' })).id;
  for (const role of ['viewer', 'recruiter'] as const) {
    const row = await insertAdmin(
      api.db,
      `${role}@example.com`,
      await hashPassword('a long enough password'),
      new Date(),
      role,
    );
    const { token } = await signToken({ sub: String(row.id), tv: row.token_version }, api.jwtSecret, 3600);
    if (role === 'viewer') viewerToken = token;
    else recruiterToken = token;
  }
});
afterAll(async () => {
  await api.close();
});

const templates = async (token = api.token) =>
  ((await (await call(api.app, 'GET', '/api/mail-templates', { token })).json()) as { templates: MailTemplate[] })
    .templates;

async function applicant(name = 'Ananya Sharma'): Promise<number> {
  const res = await apply(api, applicationForm(jobId, { email: `tmpl${++n}@example.com`, name }));
  return await appliedId(api, res);
}

const bulk = (json: unknown, token = api.token) => call(api.app, 'POST', '/api/applicants/bulk', { token, json });

describe('mail templates', () => {
  it('start with four written ones: rejection, invitation to talk, offer call and choosing an interview time', async () => {
    const list = await templates();
    expect(list.map((t) => t.name).sort()).toEqual([
      'Choose your interview time',
      'Invitation to talk',
      'Offer call',
      'Rejection',
    ]);
    for (const t of list) expect(t.body.length).toBeGreaterThan(200);
  });

  it('are created, edited and deleted by recruiters, and refused to viewers', async () => {
    const draft = { name: 'Reference check', subject: 'References for {{jobTitle}}', body: 'Hello {{firstName}}.' };
    expect((await call(api.app, 'POST', '/api/mail-templates', { token: viewerToken, json: draft })).status).toBe(403);
    expect((await call(api.app, 'GET', '/api/mail-templates', { token: viewerToken })).status).toBe(403);

    const created = await call(api.app, 'POST', '/api/mail-templates', { token: recruiterToken, json: draft });
    expect(created.status).toBe(201);
    const { template } = (await created.json()) as { template: MailTemplate };
    expect(template).toMatchObject(draft);

    const edited = await call(api.app, 'PUT', `/api/mail-templates/${template.id}`, {
      token: recruiterToken,
      json: { ...draft, name: 'References' },
    });
    expect(edited.status).toBe(200);
    expect((await templates()).map((t) => t.name)).toContain('References');

    const gone = await call(api.app, 'DELETE', `/api/mail-templates/${template.id}`, { token: recruiterToken });
    expect(await gone.json()).toEqual({ message: 'Template deleted' });
    expect((await templates()).map((t) => t.name)).not.toContain('References');
    const again = await call(api.app, 'DELETE', `/api/mail-templates/${template.id}`, { token: recruiterToken });
    expect(again.status).toBe(404);
  });

  it.each([
    [
      { subject: 'Hi {{lastName}}' },
      'Unknown placeholder {{lastName}}: use {{firstName}}, {{jobTitle}}, {{companyName}}',
    ],
    [
      { body: '{{ salary }} and {{start}}' },
      'Unknown placeholders {{salary}}, {{start}}: use {{firstName}}, {{jobTitle}}, {{companyName}}',
    ],
    [{ name: '  ' }, 'Give the template a name'],
    [{ body: '' }, 'Write the text of the mail'],
  ])('refuses %j with a clear message', async (change, message) => {
    const draft = { name: 'Draft', subject: 'About {{jobTitle}}', body: 'Dear {{firstName}}', ...change };
    const res = await call(api.app, 'POST', '/api/mail-templates', { token: api.token, json: draft });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
  });

  it('previews a draft as the applicant gets it: placeholders filled, values escaped in the HTML', async () => {
    const id = await applicant();
    const res = await call(api.app, 'POST', '/api/mail-templates/preview', {
      token: api.token,
      json: {
        subject: 'Your {{jobTitle}} application',
        body: 'Hello {{firstName}},\n\nThanks from {{companyName}}.',
        applicantId: id,
      },
    });
    expect(res.status).toBe(200);
    const preview = (await res.json()) as { subject: string; text: string; html: string };
    expect(preview.subject).toBe('Your Firmware <Lead> & "Zephyr" application');
    expect(preview.text).toContain('Hello Ananya,');
    expect(preview.text).toContain(`Thanks from ${site.name}.`);
    expect(preview.html).toContain('Firmware &lt;Lead&gt; &amp; &quot;Zephyr&quot;');
    expect(preview.html).not.toContain('<Lead>');
  });
});

describe('POST /api/applicants/bulk', () => {
  it('moves several applicants and answers per id: a withdrawn one and an unknown one are refused, the rest moved', async () => {
    const [a, b] = [await applicant(), await applicant()];
    const withdrawn = await applicant();
    await api.db.updateTable('applicants').set({ status: 'withdrawn' }).where('id', '=', withdrawn).execute();
    const res = await bulk({ ids: [a, withdrawn, b, 999999], action: 'status', status: 'interview' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: '2 of 4 moved to Interview; see those left',
      undo: { token: expect.any(String), seconds: UNDO_SECONDS },
      results: [
        { id: a, ok: true, status: 'interview' },
        {
          id: withdrawn,
          ok: false,
          message: 'This applicant withdrew their application; their stage can no longer change',
        },
        { id: b, ok: true, status: 'interview' },
        { id: 999999, ok: false, message: 'Applicant not found' },
      ],
    });
  });

  it('rejects with a reason and a template: each gets the mail, in the outbox and in their timeline', async () => {
    const ids = [await applicant('Ravi Kumar'), await applicant('Meera Iyer'), await applicant('Kiran Das')];
    const rejection = (await templates()).find((t) => t.name === 'Rejection') as MailTemplate;
    const res = await bulk({
      ids,
      action: 'status',
      status: 'rejected',
      reason: 'position_filled',
      templateId: rejection.id,
    });
    expect(((await res.json()) as { message: string }).message).toBe('3 rejected · 3 mails queued');

    const mails = await api.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'text_body', 'kind'])
      .where('kind', '=', 'applicant_message')
      .where(
        'recipient',
        'in',
        ids.map((_, i) => `tmpl${n - 2 + i}@example.com`),
      )
      .orderBy('id')
      .execute();
    expect(mails.map((m) => m.subject)).toEqual(
      Array(3).fill(`Your application for Firmware <Lead> & "Zephyr" at ${site.name}`),
    );
    expect(mails[1]?.text_body).toContain('Dear Meera');
    // The reason stays with the team: never in the mail.
    for (const m of mails) expect(m.text_body).not.toMatch(/position has been filled/i);

    const detail = await call(api.app, 'GET', `/api/applicants/${ids[0]}`, { token: api.token });
    const { timeline } = (await detail.json()) as { timeline: { kind: string; text: string }[] };
    expect(timeline.map((e) => e.text)).toEqual(
      expect.arrayContaining([
        'Moved from Pending to Rejected (reason: The position has been filled)',
        `Mail queued: Your application for Firmware <Lead> & "Zephyr" at ${site.name}`,
      ]),
    );
  });

  it('mails a template without moving anyone, and never a withdrawn applicant', async () => {
    const id = await applicant('Sana Mirza');
    const withdrawn = await applicant();
    await api.db.updateTable('applicants').set({ status: 'withdrawn' }).where('id', '=', withdrawn).execute();
    const invitation = (await templates()).find((t) => t.name === 'Invitation to talk') as MailTemplate;
    const res = await bulk({ ids: [id, withdrawn], action: 'mail', templateId: invitation.id });
    expect(((await res.json()) as { results: unknown[] }).results).toEqual([
      { id, ok: true, status: 'pending' },
      { id: withdrawn, ok: false, message: 'This applicant withdrew their application and gets no more mail' },
    ]);
    const sent = await api.db.selectFrom('outbox').select('subject').where('kind', '=', 'applicant_message').execute();
    expect(sent.map((m) => m.subject)).toContain(`Let's talk about the Firmware <Lead> & "Zephyr" role`);
  });

  it.each([
    [
      { ids: Array.from({ length: 201 }, (_, i) => i + 1), action: 'status', status: 'offer' },
      'One action takes at most 200 applicants; select fewer and repeat',
    ],
    [{ ids: [], action: 'status', status: 'offer' }, 'Select at least one applicant'],
    [{ ids: [1], action: 'status' }, 'Choose the stage to move the applicants to'],
    [{ ids: [1], action: 'status', status: 'rejected' }, 'Choose a reason for rejecting'],
    [{ ids: [1], action: 'mail' }, 'Choose the template to send'],
  ])('answers 400 to %#, touching nobody', async (json, message) => {
    const res = await bulk(json);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
  });

  it('takes exactly 200 ids', async () => {
    const res = await bulk({
      ids: Array.from({ length: 200 }, (_, i) => 900000 + i),
      action: 'status',
      status: 'offer',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { results: unknown[] }).results).toHaveLength(200);
  });

  it('answers 404 for an unknown template and 403 to a viewer', async () => {
    const id = await applicant();
    expect((await bulk({ ids: [id], action: 'mail', templateId: 424242 })).status).toBe(404);
    const refused = await bulk({ ids: [id], action: 'status', status: 'offer' }, viewerToken);
    expect(refused.status).toBe(403);
    const detail = await call(api.app, 'GET', `/api/applicants/${id}`, { token: api.token });
    expect(((await detail.json()) as { applicant: { status: string } }).applicant.status).toBe('pending');
  });
});
