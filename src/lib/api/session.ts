/** The admin token lives in localStorage under the key `adminToken`. */
const TOKEN_KEY = 'adminToken';
const NOTICE_KEY = 'adminLoginNotice';
const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';

export const getToken = (): string | null => window.localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string): void => window.localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => window.localStorage.removeItem(TOKEN_KEY);

let expiring = false;
let replacement: Promise<unknown> | undefined;

/**
 * Sends a call whose answer holds this session's next token (turning two-factor sign-in on ends the
 * old one) and stores that token. Until it is stored, a 401 to another call waits for it (tokenReplaced).
 */
export async function replaceToken<T extends { token: string }>(call: Promise<T>): Promise<T> {
  const pending = call.then((answer) => {
    setToken(answer.token);
    return answer;
  });
  replacement = pending;
  try {
    return await pending;
  } finally {
    if (replacement === pending) replacement = undefined;
  }
}

/** Whether `sent`, the token a call was refused with, has been replaced since (waiting for a replacement in flight). */
export async function tokenReplaced(sent: string | null): Promise<boolean> {
  await replacement?.catch(() => undefined);
  const current = getToken();
  return current !== null && current !== sent;
}

/**
 * Any 401 removes the token and goes to /adminlogin, where the message is shown. Runs once even when several requests fail together.
 */
export function expireSession(): void {
  if (expiring) return;
  expiring = true;
  clearToken();
  leaveAdminNotice(SESSION_EXPIRED_MESSAGE);
  window.location.assign('/adminlogin');
}

/** A message the admin area's next page (the login page or the dashboard) shows once. */
export function leaveAdminNotice(message: string): void {
  window.sessionStorage.setItem(NOTICE_KEY, message);
}

const EMAIL_KEY = 'edgecraft-login-email';

/** The address the login form starts with on its next load (after a password was set from a link). */
export function leaveLoginEmail(email: string): void {
  window.sessionStorage.setItem(EMAIL_KEY, email);
}

/** The address left by leaveLoginEmail(), read once. */
export function takeLoginEmail(): string | null {
  const email = window.sessionStorage.getItem(EMAIL_KEY);
  window.sessionStorage.removeItem(EMAIL_KEY);
  return email;
}

/** The message left by leaveAdminNotice() (a session expired, a password set), read once. */
export function takeAdminNotice(): string | null {
  const notice = window.sessionStorage.getItem(NOTICE_KEY);
  window.sessionStorage.removeItem(NOTICE_KEY);
  return notice;
}
