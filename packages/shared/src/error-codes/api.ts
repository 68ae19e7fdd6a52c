import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of the HTTP API (accounts, projects, billing...). */
export const API_ERROR_CODES = {
  API_VALIDATION_FAILED: { status: 400, message: 'The request is not valid.', retryable: false },
  API_MALFORMED_JSON: {
    status: 400,
    message: 'The request body is not valid JSON.',
    retryable: false,
  },
  API_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.', retryable: false },
  API_UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'The request body must be JSON (Content-Type: application/json).',
    retryable: false,
  },
  API_UNAUTHENTICATED: { status: 401, message: 'Authentication required', retryable: false },
  API_FORBIDDEN: { status: 403, message: 'You are not allowed to do that.', retryable: false },
  API_CSRF_REJECTED: {
    status: 403,
    message: 'Cross-site request refused.',
    retryable: false,
  },
  API_NOT_FOUND: { status: 404, message: 'Not found.', retryable: false },
  API_METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed.', retryable: false },
  API_CONFLICT: {
    status: 409,
    message: 'The request conflicts with the current state.',
    retryable: false,
  },
  API_UNPROCESSABLE: {
    status: 422,
    message: 'The request could not be processed.',
    retryable: false,
  },
  API_RATE_LIMITED: {
    status: 429,
    message: 'Too many requests. Please wait a moment and try again.',
    retryable: true,
  },
  API_USER_NOT_FOUND: { status: 404, message: 'User not found', retryable: false },
  API_SPA_NOT_BUILT: {
    status: 503,
    message:
      'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it first).',
    retryable: true,
  },
  API_INTERNAL: { status: 500, message: 'An unexpected error occurred.', retryable: true },
  /** The database cannot write (a full disk): new work is refused, nothing is charged (issue 22). */
  API_STORE_UNAVAILABLE: {
    status: 503,
    message:
      'Sitelift cannot save new work right now: its storage is full. Nothing was charged. Please try again later.',
    retryable: true,
  },
} as const satisfies Record<string, ErrorCodeEntry>;
