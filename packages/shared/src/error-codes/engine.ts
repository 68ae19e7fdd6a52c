import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of the modernization engine (fetch, extract, generate, verify, package). */
export const ENGINE_ERROR_CODES = {
  ENGINE_URL_INVALID: { status: 422, message: 'The website URL is not valid.', retryable: false },
} as const satisfies Record<string, ErrorCodeEntry>;
