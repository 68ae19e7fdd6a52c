import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of projects. */
export const PROJECTS_ERROR_CODES = {} as const satisfies Record<string, ErrorCodeEntry>;
