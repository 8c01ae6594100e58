/**
 * The applicant list's last activity and scorecard tally: the latest of applying, stage change, note
 * and interview change; the recommendations of the scorecards its reader may read, an interviewer
 * who owes theirs counting only their own; the same in search results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterviewList } from '~/lib/interviews';
import type { Applicant } from '~/lib/schemas/applicant-api';
import type { Role } from '~/lib/team';
import { insertAdmin } from '~/server/db';
import { signToken } from '~/server/services/jwt';
import { hashPassword } from '~/server/services/password';
import { apply, applicationForm, appliedId, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

let api: TestApi;
let jobId: number;
type Member = 'ana' | 'ben' | 'cleo';
const tokens = {} as Record<Member, string>;
const ids = {} as Record<Member, number>;

async function member(key: Member, role: Role) {
  const row = await insertAdmin(
    api.db,
    `${key}@example.com`,
    await hashPassword('a long password 42'),
    new Date(),
    role,
  );
  tokens[key] = (await signToken({ sub: String(row.id), tv: row.token_version }, api.jwtSecret, 3600)).token;
  ids[key] = Number(row.id);
}

beforeAll(async () => {
  api = await setupApi();
  await member('ana', 'recruiter');
  await member('ben', 'recruiter');
  await member('cleo', 'recruiter');
  jobId = (await createJobViaApi(api)).id;
});
afterAll(async () => {
  await api.close();
});

const ratings = { 'Technical depth': 4, Communication: 3, Ownership: 3 };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const none = { strong_no: 0, no: 0, yes: 0, strong_yes: 0 };

async function listed(token = api.token, q?: string): Promise<Map<number, Applicant>> {
  const url = q === undefined ? '/api/applicants' : `/api/applicants?q=${encodeURIComponent(q)}`;
  const res = await call(api.app, 'GET', url, { token });
  expect(res.status).toBe(200);
  const { applicants } = (await res.json()) as { applicants: Applicant[] };
  return new Map(applicants.map((a) => [a.id, a]));
}

async function interview(id: number, panel: number[]): Promise<number> {
  const res = await call(api.app, 'POST', `/api/applicants/${id}/interviews`, {
    json: { durationMinutes: 60, location: 'Room 4', startsAt: inDays(3), interviewerIds: panel },
    token: api.token,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as InterviewList).interviews[0]?.id ?? 0;
}

async function scorecard(id: number, interviewId: number, recommendation: string, token: string) {
  const res = await call(api.app, 'POST', `/api/applicants/${id}/interviews/${interviewId}/scorecard`, {
    json: { recommendation, ratings },
    token,
  });
  expect(res.status).toBe(201);
}

describe('the applicant list', () => {
  it('gives an untouched applicant their application as last activity and no scorecards', async () => {
    const id = await appliedId(api, await apply(api, applicationForm(jobId, { email: 'quiet@example.com' })));
    const quiet = (await listed()).get(id);
    expect(quiet?.lastActivityAt).toBe(quiet?.appliedAt);
    expect(quiet?.scorecards).toEqual(none);
  });

  it('gives the latest note or interview change as last activity and tallies the scorecards one may read', async () => {
    const id = await appliedId(
      api,
      await apply(api, applicationForm(jobId, { email: 'busy@example.com', name: 'Tally Person' })),
    );
    const interviewId = await interview(id, [ids.ana, ids.ben, ids.cleo]);
    await scorecard(id, interviewId, 'yes', tokens.ana);
    await scorecard(id, interviewId, 'no', tokens.ben);
    const noteRes = await call(api.app, 'POST', `/api/applicants/${id}/notes`, {
      json: { text: 'Call back on Monday.' },
      token: tokens.ana,
    });
    expect(noteRes.status).toBe(201);
    const noteAt = ((await noteRes.json()) as { notes: { at: string }[] }).notes[0]?.at;

    const seen = (await listed()).get(id);
    expect(noteAt).toBeDefined();
    expect(seen?.lastActivityAt).toBe(noteAt);
    expect(seen && seen.lastActivityAt && seen.lastActivityAt > seen.appliedAt).toBe(true);
    // Not on the panel: every card counts.
    expect(seen?.scorecards).toEqual({ ...none, yes: 1, no: 1 });
    // Cleo owes hers: the others' verdicts stay hidden from her, in the list as in the interviews.
    expect((await listed(tokens.cleo)).get(id)?.scorecards).toEqual(none);
    expect((await listed(tokens.ana)).get(id)?.scorecards).toEqual({ ...none, yes: 1, no: 1 });
    // Search results carry the same fields.
    expect((await listed(api.token, 'Tally')).get(id)).toMatchObject({
      lastActivityAt: noteAt,
      scorecards: { ...none, yes: 1, no: 1 },
    });

    await scorecard(id, interviewId, 'strong_yes', tokens.cleo);
    expect((await listed(tokens.cleo)).get(id)?.scorecards).toEqual({ ...none, yes: 1, no: 1, strong_yes: 1 });

    // Rescheduling the interview is the latest activity now.
    const moved = await call(api.app, 'PUT', `/api/applicants/${id}/interviews/${interviewId}`, {
      json: { durationMinutes: 60, location: 'Room 5', startsAt: inDays(4), interviewerIds: [ids.ana, ids.ben] },
      token: api.token,
    });
    expect(moved.status).toBe(200);
    const { updated_at } = await api.db
      .selectFrom('interviews')
      .select('updated_at')
      .where('id', '=', interviewId)
      .executeTakeFirstOrThrow();
    expect(noteAt && updated_at >= noteAt).toBe(true);
    expect((await listed()).get(id)?.lastActivityAt).toBe(updated_at);
  });
});
