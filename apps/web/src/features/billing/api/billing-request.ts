import * as z from 'zod/mini';
import { ApiError, apiRequest } from '../../../lib/api-client';
import type { ResponseSchema } from '../../../lib/api-client';

// zod/mini: the pricing section (landing page) imports this module on the first load.
const envelopeSchema = z.looseObject({
  data: z.unknown(),
  error: z.nullish(z.looseObject({ message: z.string(), code: z.string() })),
  statusCode: z.optional(z.number()),
});

/**
 * Calls a billing endpoint (DESIGN.md §4: `{ data, error: { message, code } | null, statusCode }`)
 * and returns its `data` checked by `schema`. An error in a 2xx envelope throws like an HTTP error.
 */
export async function billingRequest<T>(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; schema: ResponseSchema<T> },
): Promise<T> {
  const envelope = await apiRequest(path, {
    method: options.method ?? 'GET',
    body: options.method === 'POST' ? (options.body ?? {}) : undefined,
    schema: envelopeSchema,
  });
  if (envelope.error) {
    throw new ApiError(envelope.statusCode ?? 500, envelope.error.code, envelope.error.message);
  }
  const parsed = options.schema.safeParse(envelope.data);
  if (!parsed.success) {
    throw new ApiError(
      envelope.statusCode ?? 200,
      'INVALID_RESPONSE',
      'The server sent an unexpected answer.',
      { cause: parsed.error, userMessage: null },
    );
  }
  return parsed.data;
}
