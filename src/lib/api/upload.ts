import type { ApiErrorBody } from '~/lib/schemas';
import { ApiError } from './client';
import { apiUrl } from './config';

/** Bytes of the request body sent so far, of `total`. */
type UploadProgress = { loaded: number; total: number };

type UploadOptions = {
  /** Called as the browser sends the body (XMLHttpRequest upload events). */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting rejects with a DOMException named 'AbortError', like fetch does. */
  signal?: AbortSignal;
};

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Posts a multipart form with XMLHttpRequest, because fetch cannot report upload progress.
 * Same contract as `apiRequest`: resolves with the parsed JSON of a 2xx answer; rejects with
 * `ApiError` (status 0 for a network failure, else the answer's `{ message, errors }`).
 */
export function uploadForm<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      });
    }
    xhr.addEventListener('load', () => {
      settle();
      const parsed = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(parsed as T);
        return;
      }
      const errorBody: Partial<ApiErrorBody> =
        typeof parsed === 'object' && parsed !== null ? (parsed as Partial<ApiErrorBody>) : {};
      // No message from the server: leave it empty so the caller's fallback text is shown.
      reject(new ApiError(xhr.status, errorBody.message ?? '', errorBody.errors));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, 'Network error'));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new ApiError(0, 'Network error'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(body);
  });
}

/** True for the rejection of an aborted upload or fetch. */
export const isAbortError = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';
