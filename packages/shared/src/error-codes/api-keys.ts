import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of API keys and the public API /api/v1 (issue 26). */
export const API_KEY_ERROR_CODES = {
  API_KEY_INVALID: {
    status: 401,
    message:
      'The API key is missing, revoked or not valid. Send an active key as "Authorization: Bearer <key>".',
    retryable: false,
  },
  API_KEY_SCOPE_MISSING: {
    status: 403,
    message: 'This API key does not have the scope this request needs.',
    retryable: false,
  },
  API_PLAN_REQUIRED: {
    status: 403,
    message:
      'API access comes with the Scale plan. Subscribe to Scale on the pricing page to create and use API keys.',
    retryable: false,
  },
  API_KEY_RATE_LIMITED: {
    status: 429,
    message:
      'Too many requests with this API key. Wait until the window resets (the RateLimit-Reset header gives the seconds) and try again.',
    retryable: true,
  },
  API_KEY_NOT_FOUND: { status: 404, message: 'API key not found.', retryable: false },
  API_KEY_LIMIT_REACHED: {
    status: 409,
    message: 'You have reached the limit of active API keys. Revoke a key you no longer use first.',
    retryable: false,
  },
  API_IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
    retryable: false,
  },
  API_IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message:
      'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
    retryable: false,
  },
  API_IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message:
      'A request with this Idempotency-Key is still being processed. Try again in a moment to get its answer.',
    retryable: true,
  },
  API_JOB_NOT_CANCELLABLE: {
    status: 409,
    message: 'Only a queued or running job can be cancelled: this project has none.',
    retryable: false,
  },
} as const satisfies Record<string, ErrorCodeEntry>;
