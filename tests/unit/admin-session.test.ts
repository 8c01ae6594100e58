/**
 * The dashboard's session in the browser: a call refused because two-factor sign-in was just turned
 * on (which replaces the token) goes again with the new token instead of signing the admin out; any
 * other 401 still ends the session.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Modules = {
  client: typeof import('~/lib/api/client');
  session: typeof import('~/lib/api/session');
  team: typeof import('~/lib/api/team');
};
/** Fresh modules for each test: the session keeps state (a sign-out under way) for the page's life. */
let api: Modules;

/** A Storage on a Map, as the browser's localStorage and sessionStorage behave. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let assign: ReturnType<typeof vi.fn>;
/** The answer to the confirm call, held until the test releases it. */
let releaseConfirm: () => void;
const sentTokens: string[] = [];

beforeEach(async () => {
  vi.resetModules();
  api = {
    client: await import('~/lib/api/client'),
    session: await import('~/lib/api/session'),
    team: await import('~/lib/api/team'),
  };
  assign = vi.fn();
  sentTokens.length = 0;
  const localStorage = memoryStorage();
  localStorage.setItem('adminToken', 'old-token');
  vi.stubGlobal('window', { localStorage, sessionStorage: memoryStorage(), location: { assign } });
  const confirmed = new Promise<void>((resolve) => (releaseConfirm = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const token = new Headers(init.headers).get('Authorization')?.replace('Bearer ', '') ?? '';
      if (url.endsWith('/account/2fa/confirm')) {
        await confirmed;
        return json(200, { message: 'on', recoveryCodes: ['a1b2-c3d4'], token: 'new-token' });
      }
      sentTokens.push(token);
      // The server ended every other token of the account when two-factor sign-in went on.
      return token === 'new-token' ? json(200, [{ id: 1 }]) : json(401, { message: 'Unauthorized' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the admin session while its token is replaced', () => {
  it('a call refused with the old token while two-factor sign-in is being turned on goes again with the new one', async () => {
    const confirming = api.team.confirmTwoFactor('123456', 'a long password');
    const listing = api.client.apiRequest<{ id: number }[]>('/admins', { auth: true });
    // The list's 401 has arrived; the confirm's answer has not.
    await vi.waitFor(() => expect(sentTokens).toEqual(['old-token']));
    releaseConfirm();

    await expect(confirming).resolves.toMatchObject({ token: 'new-token' });
    await expect(listing).resolves.toEqual([{ id: 1 }]);
    expect(sentTokens).toEqual(['old-token', 'new-token']);
    expect(api.session.getToken()).toBe('new-token');
    expect(assign).not.toHaveBeenCalled();
  });

  it('a 401 to the current token ends the session and leads to the login page', async () => {
    await expect(api.client.apiRequest('/admins', { auth: true })).rejects.toMatchObject({ status: 401 });
    expect(sentTokens).toEqual(['old-token']);
    expect(api.session.getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/adminlogin');
  });
});
