import { ACCOUNT_ERROR_CODES } from './error-codes/account';
import { AI_ERROR_CODES } from './error-codes/ai';
import { API_ERROR_CODES } from './error-codes/api';
import { API_KEY_ERROR_CODES } from './error-codes/api-keys';
import { ENGINE_ERROR_CODES } from './error-codes/engine';
import { ENGINE_BUILD_ERROR_CODES } from './error-codes/engine-build';
import { ENGINE_FETCH_ERROR_CODES } from './error-codes/engine-fetch';
import { GITHUB_ERROR_CODES } from './error-codes/github';
import { HOSTING_ERROR_CODES } from './error-codes/hosting';
import { HTTP_ERROR_CODES } from './error-codes/http';
import { PROJECTS_ERROR_CODES } from './error-codes/projects';
import { WEBHOOKS_BATCHES_ERROR_CODES } from './error-codes/webhooks-batches';

/** One entry of the error catalogue: HTTP status, the message users see, and whether a retry may help. */
export interface ErrorCodeEntry {
  status: number;
  message: string;
  retryable: boolean;
}

/**
 * The one catalogue of error codes (STYLE.md §5). Codes are stable: a retired code is never reused.
 * Each area keeps its entries in its own file under error-codes/ so that owners do not collide.
 */
export const ERROR_CODES = {
  ...API_ERROR_CODES,
  ...API_KEY_ERROR_CODES,
  ...HTTP_ERROR_CODES,
  ...ENGINE_ERROR_CODES,
  ...ENGINE_FETCH_ERROR_CODES,
  ...ENGINE_BUILD_ERROR_CODES,
  ...PROJECTS_ERROR_CODES,
  ...GITHUB_ERROR_CODES,
  ...AI_ERROR_CODES,
  ...HOSTING_ERROR_CODES,
  ...ACCOUNT_ERROR_CODES,
  ...WEBHOOKS_BATCHES_ERROR_CODES,
} as const satisfies Record<string, ErrorCodeEntry>;

/** A stable error code. */
export type ErrorCode = keyof typeof ERROR_CODES;

export {
  DIAGNOSTIC_CODES,
  RETIRED_DIAGNOSTIC_CODES,
  type DiagnosticCode,
  type DiagnosticCodeEntry,
} from './error-codes/diagnostics';

/** An error with a stable code; the server maps it to `{ error: { code, message } }` and its status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean;
  readonly details?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    options: { message?: string; cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    const entry: ErrorCodeEntry = ERROR_CODES[code];
    super(options.message ?? entry.message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = entry.status;
    this.retryable = entry.retryable;
    this.details = options.details;
  }
}

/** True when `error` is an AppError (also across module copies, by shape). */
export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof AppError ||
    (error instanceof Error && error.name === 'AppError' && 'code' in error)
  );
}
