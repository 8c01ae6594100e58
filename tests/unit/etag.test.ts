import { describe, expect, it } from 'vitest';
import { etagOfText } from '~/lib/etag';
import { etagMatches, etagOf } from '~/server/features/jobs/etag';

describe('etagMatches', () => {
  const etag = etagOf('{"jobs":[]}');

  it('matches the same tag, its weak form, a tag in a list, and *', () => {
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`W/${etag}`, etag)).toBe(true);
    expect(etagMatches(`"other", ${etag}`, etag)).toBe(true);
    expect(etagMatches(' * ', etag)).toBe(true);
  });

  it('does not match another tag, an empty or a missing header', () => {
    expect(etagMatches(etagOf('{"jobs":[1]}'), etag)).toBe(false);
    expect(etagMatches('', etag)).toBe(false);
    expect(etagMatches(null, etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });

  it('gives a quoted tag that changes with the text', () => {
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(etagOf('a')).not.toBe(etagOf('b'));
  });
});

describe('etagOfText', () => {
  it("gives the API's tag, so a job page's ETag is the same as before it left the server", async () => {
    for (const text of ['', 'a', '{"id":7,"title":"Firmware – RTOS ✓"}', 'x'.repeat(10_000)]) {
      expect(await etagOfText(text)).toBe(etagOf(text));
    }
  });
});
