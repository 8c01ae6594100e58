import { APPLICATION_PAGE_PATH } from '~/lib/application-path';

/** The tab keeps the token so a reload still opens the application; it ends with the tab. */
const KEY = 'application.token';

/**
 * The token of a mailed link (`/application/{token}`), taken out of the address bar and the
 * history entry at once; else the one this tab read before. Null without either.
 */
export function takeApplicationToken(): string | null {
  const prefix = `${APPLICATION_PAGE_PATH}/`;
  const { pathname } = window.location;
  const fromPath = pathname.startsWith(prefix) ? decodeURIComponent(pathname.slice(prefix.length)) : '';
  if (fromPath) {
    window.history.replaceState(window.history.state, '', APPLICATION_PAGE_PATH);
    try {
      window.sessionStorage.setItem(KEY, fromPath);
    } catch {
      // Not stored: a reload asks for the link again.
    }
    return fromPath;
  }
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Forgets the token: once erased it opens nothing. */
export function forgetApplicationToken(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}
