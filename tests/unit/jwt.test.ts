/** Session tokens: HS256 signatures that refuse tampering and expire on time. */
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '~/server/services/jwt';

describe('HS256 tokens', () => {
  const secret = 'a secret that is long enough for tests';
  it('round-trips claims and rejects a tampered payload', async () => {
    const { token } = await signToken({ sub: '7', tv: 3 }, secret, 60);
    expect(await verifyToken(token, secret)).toMatchObject({ sub: '7', tv: 3 });
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', tv: 3, iat: 0, exp: 9_999_999_999 })).toString('base64url');
    expect(await verifyToken(`${h}.${forged}.${s}`, secret)).toBeNull();
    expect(await verifyToken(token, `${secret}!`)).toBeNull();
  });
  it('expires exactly at exp', async () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const { token } = await signToken({ sub: '1', tv: 1 }, secret, 60, issued);
    expect(await verifyToken(token, secret, new Date(issued.getTime() + 59_000))).not.toBeNull();
    expect(await verifyToken(token, secret, new Date(issued.getTime() + 60_000))).toBeNull();
  });
});
