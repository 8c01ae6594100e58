import { ApiError, errorMessage } from '~/lib/api/client';
import { showToast } from '~/islands/ui/toast-store';

/**
 * Shows a failed admin action as an error toast: the server's message or `fallback`, or
 * `networkFallback` when no answer came. A 401 shows nothing here: the API client is already
 * taking the admin to the login page with 'Session expired. Please login again.'.
 */
export function notifyFailure(
  error: unknown,
  fallback: string,
  networkFallback = fallback,
  options?: Parameters<typeof showToast>[2],
): void {
  if (error instanceof ApiError && error.status === 401) return;
  showToast('error', errorMessage(error, fallback, networkFallback), options);
}

/** Like notifyFailure, but always with the fixed text (for failures whose wording is fixed, whatever the server says). */
export function notifyFixedFailure(error: unknown, message: string): void {
  if (error instanceof ApiError && error.status === 401) return;
  showToast('error', message);
}
