import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ApiErrorBody } from '~/lib/schemas';
import { unstorableText } from '~/lib/schemas/text';

/** Every error answer of the API: `{ message, errors? }` (API contract). */
export function apiError(c: Context, status: ContentfulStatusCode, message: string, errors?: Record<string, string>) {
  const body: ApiErrorBody = errors ? { message, errors } : { message };
  return c.json(body, status);
}

/** No form has more fields than this; a longer error list only feeds whoever sent the junk. */
const MAX_REPORTED_ERRORS = 20;

/** The first message per field, keyed by the field's path ("body" for the root), at most MAX_REPORTED_ERRORS. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  let count = 0;
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    if (key in errors) continue;
    if (count++ >= MAX_REPORTED_ERRORS) break;
    errors[key] = issue.message;
  }
  return errors;
}

/** One field wrong: its own message; several: the summary. */
export function summarize(errors: Record<string, string>, summary: string): string {
  const messages = Object.values(errors);
  return messages.length === 1 && messages[0] ? messages[0] : summary;
}

/** Deepest nesting of arrays and objects a request body may have; our forms need 2. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = 'Request body is nested too deeply';

/** True when `value` nests arrays/objects deeper than `max`; walks with its own stack, never recursion. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Fields of a schema's output that hold text we must not store (NUL, lone surrogates, U+FFFD),
 * with the reason. Only the schema's own fields are there to visit (zod drops unknown keys);
 * at most MAX_REPORTED_ERRORS are reported.
 */
export function unstorableFields(output: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  let count = 0;
  const stack: [unknown, string][] = [[output, '']];
  while (stack.length && count < MAX_REPORTED_ERRORS) {
    const [node, path] = stack.pop() as [unknown, string];
    if (typeof node === 'string') {
      const problem = unstorableText(node);
      if (problem) {
        errors[path || 'body'] = problem;
        count++;
      }
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) stack.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return errors;
}
