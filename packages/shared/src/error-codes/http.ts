import type { ErrorCodeEntry } from '../error-codes';

/**
 * Error codes of answers the HTTP layer gives before any route runs: request paths, URL and header sizes,
 * slow requests (issue 10). Bodies, JSON and content types are in error-codes/api.ts.
 */
export const HTTP_ERROR_CODES = {
  API_INVALID_PATH: {
    status: 400,
    message: 'The request path is not valid.',
    retryable: false,
  },
  API_MALFORMED_REQUEST: {
    status: 400,
    message: 'The request could not be read.',
    retryable: false,
  },
  API_REQUEST_TIMEOUT: {
    status: 408,
    message: 'The request took too long to arrive. Please try again.',
    retryable: true,
  },
  API_URL_TOO_LONG: { status: 414, message: 'The request URL is too long.', retryable: false },
  API_HEADERS_TOO_LARGE: {
    status: 431,
    message: 'The request headers are too large.',
    retryable: false,
  },
} as const satisfies Record<string, ErrorCodeEntry>;
