import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of the modernization engine (fetch, extract, generate, verify, package). */
export const ENGINE_ERROR_CODES = {
  ENGINE_URL_INVALID: { status: 422, message: 'The website URL is not valid.', retryable: false },
  ENGINE_EXTRACT_NO_CONTENT: {
    status: 422,
    message: 'The website has no readable HTML content to modernize.',
    retryable: false,
  },
  ENGINE_EXTRACT_NO_VISIBLE_TEXT: {
    status: 422,
    message:
      'We could not read any content on this page. If the site needs JavaScript to show its text, it showed none to us in time; if it is behind a login, or is an app rather than pages, there is nothing we can rebuild. Your credit has been refunded.',
    retryable: false,
  },
  ENGINE_PLAN_NO_PAGES: {
    status: 422,
    message: 'No page of the website could be planned for the rebuild.',
    retryable: false,
  },
  ENGINE_GENERATE_FAILED: {
    status: 500,
    message: 'The modern project could not be generated.',
    retryable: false,
  },
} as const satisfies Record<string, ErrorCodeEntry>;
