import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of a user's own model (issue 25: Settings → AI model). */
export const AI_ERROR_CODES = {
  API_AI_KEY_REQUIRED: {
    status: 400,
    message: 'Enter the API key of this provider.',
    retryable: false,
  },
  API_AI_BASE_URL_REFUSED: {
    status: 422,
    message:
      'This base URL points at a private or local address, which this server does not call. Use the public address of your model server.',
    retryable: false,
  },
  API_AI_SETTINGS_NOT_FOUND: {
    status: 404,
    message: 'No model of your own is saved.',
    retryable: false,
  },
} as const satisfies Record<string, ErrorCodeEntry>;
