import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationForm, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';
import { parseCsv } from '../helpers/csv';

const PAD = ' I have shipped firmware for edge devices for years.';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(async () => {
  await api.close();
});

async function exportCsv(): Promise<string> {
  const res = await call(api.app, 'GET', '/api/applicants.csv', { token: api.token });
  expect(res.status).toBe(200);
  return res.text();
}

describe('CSV export against formula injection', () => {
  it('neutralises a formula after ; or , inside a field, not only at its start', async () => {
    const job = await createJobViaApi(api);
    const letters = ['Hi;=1+1;@SUM(1+1)', "Hi,+cmd|' /C calc'!A0,-2+3", '=HYPERLINK("http://evil.example")'];
    for (const [i, letter] of letters.entries()) {
      const form = applicationForm(job.id, { email: `csv${i}@example.com`, coverLetter: `${letter}${PAD}` });
      expect((await call(api.app, 'POST', '/api/applicants/apply', { form })).status).toBe(201);
    }
    const text = await exportCsv();
    const letterColumn = parseCsv(text)
      .rows.slice(1)
      .map((r) => r[10])
      .sort();
    expect(letterColumn).toEqual(
      [
        `Hi;'=1+1;'@SUM(1+1)${PAD}`,
        `Hi,'+cmd|' /C calc'!A0,'-2+3${PAD}`,
        `'=HYPERLINK("http://evil.example")${PAD}`,
      ].sort(),
    );
    // Read as ;-separated text (no quoting honoured), no piece may start with a formula character.
    for (const piece of text.replace(/^\uFEFF/, '').split(/[;,\t\r\n]/)) {
      expect(piece.replace(/^"/, ''), piece).not.toMatch(/^[=+\-@]/);
    }
  });

  it('quotes every field, empty ones and the header included', async () => {
    const job = await createJobViaApi(api, { title: 'Quoted' });
    const form = applicationForm(job.id, { email: 'empty@example.com', linkedin: undefined });
    expect((await call(api.app, 'POST', '/api/applicants/apply', { form })).status).toBe(201);
    const [header, ...records] = (await exportCsv()).replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toMatch(/^"Name","Email",/);
    const record = records.find((r) => r.includes('empty@example.com')) ?? '';
    expect(record).toMatch(/^"Ada Lovelace","empty@example.com","'\+91 98765 43210","",/);
  });
});
