import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of engine fetch. */
export const ENGINE_FETCH_ERROR_CODES = {} as const satisfies Record<string, ErrorCodeEntry>;
