import type { ErrorCodeEntry } from '../error-codes';
import { FETCH_LIMIT_DEFAULTS, toLimitMessage } from './limits';

/**
 * Error codes of engine fetch: the start page could not be read, so the run cannot go on. Messages that
 * state a limit come from LIMIT_MESSAGES, for the default limit; throw sites pass the limit that applied.
 */
export const ENGINE_FETCH_ERROR_CODES = {
  ENGINE_FETCH_URL_INVALID: {
    status: 422,
    message: 'This is not a valid web address.',
    retryable: false,
  },
  ENGINE_FETCH_URL_REFUSED: {
    status: 422,
    message: 'This address is not allowed: Sitelift only reads public websites.',
    retryable: false,
  },
  ENGINE_FETCH_SCHEME_UNSUPPORTED: {
    status: 422,
    message: 'Only http:// and https:// addresses can be read.',
    retryable: false,
  },
  ENGINE_FETCH_DNS_FAILED: {
    status: 422,
    message: 'The site’s name could not be found (DNS lookup failed).',
    retryable: true,
  },
  ENGINE_FETCH_CONNECTION_FAILED: {
    status: 502,
    message: 'The site could not be reached.',
    retryable: true,
  },
  // Not retried: the site's own answer (a 404, a 403) is the same seconds later.
  ENGINE_FETCH_HTTP_STATUS: {
    status: 422,
    message: 'The site answered with an error status.',
    retryable: false,
  },
  ENGINE_FETCH_REDIRECT_LOOP: {
    status: 422,
    message: 'The site redirects in a loop.',
    retryable: false,
  },
  ENGINE_FETCH_TOO_MANY_REDIRECTS: {
    status: 422,
    message: toLimitMessage('ENGINE_FETCH_TOO_MANY_REDIRECTS', {
      maxRedirects: FETCH_LIMIT_DEFAULTS.maxRedirects,
    }),
    retryable: false,
  },
  ENGINE_FETCH_NOT_HTML: {
    status: 422,
    message: 'The address does not point to a web page (HTML).',
    retryable: false,
  },
  ENGINE_FETCH_TOO_LARGE: {
    status: 422,
    message: toLimitMessage('ENGINE_FETCH_TOO_LARGE', {
      maxBytes: FETCH_LIMIT_DEFAULTS.maxHtmlBytes,
    }),
    retryable: false,
  },
  ENGINE_FETCH_TIMEOUT: {
    status: 504,
    message: toLimitMessage('ENGINE_FETCH_TIMEOUT', {
      timeoutMs: FETCH_LIMIT_DEFAULTS.pageTimeoutMs,
    }),
    retryable: true,
  },
  ENGINE_FETCH_EMPTY_BODY: {
    status: 422,
    message: 'The page is empty.',
    retryable: false,
  },
  ENGINE_FETCH_ROBOTS_DISALLOWED: {
    status: 422,
    message: 'The site’s robots.txt does not allow Sitelift to read this page.',
    retryable: false,
  },
  ENGINE_FETCH_CANCELLED: {
    status: 499,
    message: 'The run was cancelled.',
    retryable: false,
  },
} as const satisfies Record<string, ErrorCodeEntry>;
