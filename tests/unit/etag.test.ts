import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { etagMatches, etagOfSha1 } from '~/lib/etag';

const etagOfText = (text: string) => etagOfSha1(createHash('sha1').update(text).digest());

describe('etagMatches', () => {
  const etag = etagOfText('{"jobs":[]}');

  it('matches the same tag, its weak form, a tag in a list, and *', () => {
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`W/${etag}`, etag)).toBe(true);
    expect(etagMatches(`"other", ${etag}`, etag)).toBe(true);
    expect(etagMatches(' * ', etag)).toBe(true);
  });

  it('compares weakly on both sides and reads a list without spaces', () => {
    expect(etagMatches(etag, `W/${etag}`)).toBe(true);
    expect(etagMatches(`"a",W/${etag},"b"`, etag)).toBe(true);
  });

  it('keeps a comma inside a tag as part of that tag', () => {
    expect(etagMatches('"a,b"', '"a,b"')).toBe(true);
    expect(etagMatches('"a,b"', '"a"')).toBe(false);
    expect(etagMatches('"a", "b"', '"a,b"')).toBe(false);
  });

  it('does not match another tag, an empty or a missing header', () => {
    expect(etagMatches(etagOfText('{"jobs":[1]}'), etag)).toBe(false);
    expect(etagMatches('', etag)).toBe(false);
    expect(etagMatches(null, etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });

  it('gives a quoted tag that changes with the text', () => {
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(etagOfText('a')).not.toBe(etagOfText('b'));
  });

  it('is the base64url SHA-1 of the text, as tags sent before were', () => {
    expect(etagOfText('')).toBe('"2jmj7l5rSw0yVb_vlWAYkK_YBwk"');
  });
});
