import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of account security: devices, data export and account deletion (issue 28). */
export const ACCOUNT_ERROR_CODES = {
  API_ACCOUNT_PASSWORD_INCORRECT: {
    status: 403,
    message: 'Password is incorrect.',
    retryable: false,
  },
  API_ACCOUNT_CODE_REQUIRED: {
    status: 403,
    message: 'Enter the code from your authenticator app or a backup code.',
    retryable: false,
  },
  API_ACCOUNT_CODE_INVALID: {
    status: 403,
    message: 'That code is not valid. Check your authenticator app and try again.',
    retryable: false,
  },
  API_ACCOUNT_SESSION_NOT_FOUND: {
    status: 404,
    message: 'That device is already signed out.',
    retryable: false,
  },
  API_ACCOUNT_CANCEL_FAILED: {
    status: 502,
    message:
      'Your subscription could not be cancelled at the payment provider, so nothing was deleted. Please try again in a few minutes.',
    retryable: true,
  },
  API_EXPORT_IN_PROGRESS: {
    status: 409,
    message: 'Your data export is being prepared. We will e-mail you when it is ready.',
    retryable: false,
  },
  API_EXPORT_NOT_FOUND: {
    status: 404,
    message: 'This data export does not exist or has expired.',
    retryable: false,
  },
} as const satisfies Record<string, ErrorCodeEntry>;
