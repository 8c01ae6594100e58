import { validator } from 'hono/validator';
import { requestMessages } from '~/lib/schemas';
import { z } from 'zod';
import {
  apiError,
  fieldErrors,
  MAX_JSON_DEPTH,
  nestedDeeperThan,
  summarize,
  TOO_DEEP_MESSAGE,
  unstorableFields,
} from '../errors';

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Validates a JSON body with a zod schema from src/lib/schemas. Answers 415 for another content
 * type, 400 `{ message: 'Malformed JSON in request body' }` for bad JSON, 400 for a body nested
 * deeper than MAX_JSON_DEPTH, and 400 `{ message, errors }` for a schema failure or text that
 * cannot be stored (message = the only error, else `summary`). Handlers read `c.req.valid('json')`.
 */
export function jsonBody<T extends z.core.$ZodType>(schema: T, summary = 'Please correct the highlighted fields') {
  return validator('json', async (_value, c): Promise<z.output<T> | Response> => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!JSON_TYPE.test(mediaType)) return apiError(c, 415, requestMessages.notJson);
    let value: unknown;
    try {
      value = await c.req.json();
    } catch {
      return apiError(c, 400, requestMessages.malformedJson);
    }
    if (nestedDeeperThan(value, MAX_JSON_DEPTH)) return apiError(c, 400, TOO_DEEP_MESSAGE);
    const result = z.safeParse(schema, value);
    const errors = result.success ? unstorableFields(result.data) : fieldErrors(result.error);
    if (!result.success || Object.keys(errors).length) return apiError(c, 400, summarize(errors, summary), errors);
    return result.data as z.output<T>;
  });
}
