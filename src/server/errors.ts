import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { ApiErrorBody } from '~/lib/schemas';

/** Every error answer of the API: `{ message, errors? }` (DESIGN: API contract). */
export function apiError(c: Context, status: ContentfulStatusCode, message: string, errors?: Record<string, string>) {
  const body: ApiErrorBody = errors ? { message, errors } : { message };
  return c.json(body, status);
}

/** The first message per field, keyed by the field's path ("body" for the root). */
export function fieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** One field wrong: its own message; several: the summary. */
export function summarize(errors: Record<string, string>, summary: string): string {
  const messages = Object.values(errors);
  return messages.length === 1 && messages[0] ? messages[0] : summary;
}

/** Names of string fields holding a NUL character, which PostgreSQL text cannot store. */
export function fieldsWithNul(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [prefix || 'body'] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => fieldsWithNul(v, prefix ? `${prefix}.${i}` : String(i)));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => fieldsWithNul(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

export const NUL_MESSAGE = 'Text must not contain NUL characters';
