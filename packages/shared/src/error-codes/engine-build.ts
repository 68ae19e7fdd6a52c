import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of engine build. */
export const ENGINE_BUILD_ERROR_CODES = {} as const satisfies Record<string, ErrorCodeEntry>;
