/** The admin token lives in localStorage under the key SPEC §3 names. */
export const TOKEN_KEY = 'adminToken';
const NOTICE_KEY = 'adminLoginNotice';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';

export const getToken = (): string | null => window.localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string): void => window.localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => window.localStorage.removeItem(TOKEN_KEY);

let expiring = false;

/**
 * SPEC §6 with DESIGN's improvement: any 401 removes the token and goes to /adminlogin, where the
 * message is shown. Runs once even when several requests fail together.
 */
export function expireSession(): void {
  if (expiring) return;
  expiring = true;
  clearToken();
  window.sessionStorage.setItem(NOTICE_KEY, SESSION_EXPIRED_MESSAGE);
  window.location.assign('/adminlogin');
}

/** The message left for the login page by expireSession(), read once. */
export function takeLoginNotice(): string | null {
  const notice = window.sessionStorage.getItem(NOTICE_KEY);
  window.sessionStorage.removeItem(NOTICE_KEY);
  return notice;
}
