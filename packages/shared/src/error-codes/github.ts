import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of the GitHub connection and deploy (issue 14; messages of spec §8 'Code-hosting'). */
export const GITHUB_ERROR_CODES = {
  API_GITHUB_NOT_CONFIGURED: {
    status: 503,
    message: 'GitHub integration is not configured on this server.',
    retryable: false,
  },
  API_GITHUB_CALLBACK_INCOMPLETE: {
    status: 400,
    message: 'Missing authorization code or state parameter',
    retryable: false,
  },
  API_GITHUB_STATE_INVALID: {
    status: 400,
    message: 'Invalid state parameter. Please try connecting again.',
    retryable: false,
  },
  API_GITHUB_EXCHANGE_FAILED: {
    status: 502,
    message: 'Failed to exchange code for token or missing user data.',
    retryable: true,
  },
  API_GITHUB_NOT_AUTHENTICATED: {
    status: 400,
    message: 'User not authenticated with GitHub.',
    retryable: false,
  },
  API_GITHUB_DISCONNECT_FAILED: {
    status: 500,
    message: 'Failed to disconnect GitHub account. Please try again.',
    retryable: true,
  },
  /** The message is 'GitHub API Error: ' and GitHub's own message. */
  API_GITHUB_API_ERROR: {
    status: 502,
    message: 'GitHub API Error: Unknown error',
    retryable: true,
  },
  API_GITHUB_LINK_NOT_SAVED: {
    status: 500,
    message: 'Repository created, but failed to save the link. Please refresh.',
    retryable: true,
  },
  API_GITHUB_PROJECT_NOT_READY: {
    status: 409,
    message: 'Only a completed project with generated code can be deployed to GitHub.',
    retryable: false,
  },
} as const satisfies Record<string, ErrorCodeEntry>;
