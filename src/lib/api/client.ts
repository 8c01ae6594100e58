import type { ApiErrorBody } from '~/lib/schemas';
import { apiUrl } from './config';
import { expireSession, getToken, tokenReplaced } from './session';

/** A failed call: `status` 0 means the network failed before any answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  body?: FormData;
  /** Send the admin token; a 401 answer then ends the session. */
  auth?: boolean;
  signal?: AbortSignal;
};

/** Reads `{ message, errors }` from an error answer, whatever it holds. */
async function readErrorBody(response: Response): Promise<Partial<ApiErrorBody>> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Partial<ApiErrorBody>) : {};
  } catch {
    return {};
  }
}

/** Sends a request and returns the raw response; throws ApiError for network failures and non-2xx answers. */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.json !== undefined) headers.set('Content-Type', 'application/json');
  const token = getToken();
  if (options.auth) headers.set('Authorization', `Bearer ${token ?? ''}`);

  let response: Response;
  try {
    const init: RequestInit = {
      method: options.method ?? 'GET',
      headers,
      cache: options.auth ? 'no-store' : 'default',
    };
    if (options.json !== undefined) init.body = JSON.stringify(options.json);
    else if (options.body) init.body = options.body;
    if (options.signal) init.signal = options.signal;
    response = await fetch(apiUrl(path), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error');
  }

  if (!response.ok) {
    const body = await readErrorBody(response);
    if (response.status === 401 && options.auth) {
      // Refused with a token this session has since replaced: the call goes again with the new one.
      if (await tokenReplaced(token)) return apiResponse(path, options);
      expireSession();
    }
    throw new ApiError(response.status, body.message ?? '', body.errors);
  }
  return response;
}

/** Sends a request and parses the JSON answer. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The message to show for a failed call: the server's, else the given fallbacks. */
export function errorMessage(error: unknown, fallback: string, networkFallback = fallback): string {
  if (error instanceof ApiError) return error.isNetworkError ? networkFallback : error.message || fallback;
  return fallback;
}
