import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of the HTTP API (accounts, projects, billing...). */
export const API_ERROR_CODES = {
  API_VALIDATION_FAILED: { status: 400, message: 'The request is not valid.', retryable: false },
  API_MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON.', retryable: false },
  API_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.', retryable: false },
  API_UNAUTHENTICATED: { status: 401, message: 'Authentication required', retryable: false },
  API_FORBIDDEN: { status: 403, message: 'You are not allowed to do that.', retryable: false },
  API_CSRF_REJECTED: {
    status: 403,
    message: 'Cross-site request refused.',
    retryable: false,
  },
  API_NOT_FOUND: { status: 404, message: 'Not found.', retryable: false },
  API_RATE_LIMITED: {
    status: 429,
    message: 'Too many requests. Please wait a moment and try again.',
    retryable: true,
  },
  API_INTERNAL: { status: 500, message: 'An unexpected error occurred.', retryable: true },
} as const satisfies Record<string, ErrorCodeEntry>;
