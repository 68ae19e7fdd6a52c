import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of hosting connections and deploys (issue 27). */
export const HOSTING_ERROR_CODES = {
  API_HOSTING_PROVIDER_DISABLED: {
    status: 404,
    message: 'This hosting provider is not offered on this server.',
    retryable: false,
  },
  /** The message names the provider and what it answered. */
  API_HOSTING_TOKEN_REFUSED: {
    status: 422,
    message: 'The hosting provider refused this token.',
    retryable: false,
  },
  API_HOSTING_NOT_CONNECTED: {
    status: 400,
    message: 'Connect this hosting provider in Settings → Hosting first.',
    retryable: false,
  },
  API_HOSTING_CLAIM_NOT_OFFERED: {
    status: 400,
    message: 'This server does not offer claimable deploys for this provider.',
    retryable: false,
  },
  API_HOSTING_PROJECT_NOT_READY: {
    status: 409,
    message: 'Only a completed project with a built site can be deployed.',
    retryable: false,
  },
  API_HOSTING_BUSY: {
    status: 409,
    message: 'A deploy of this project is already running. Wait for it to finish.',
    retryable: true,
  },
  /** The message names the host the project is at. */
  API_HOSTING_OTHER_SITE: {
    status: 409,
    message: 'This project is hosted elsewhere: remove that site first to deploy it here.',
    retryable: false,
  },
  API_HOSTING_NO_SITE: {
    status: 404,
    message: 'This project has no hosted site.',
    retryable: false,
  },
  /** The message is the provider's answer in plain words. */
  API_HOSTING_PROVIDER_ERROR: {
    status: 502,
    message: 'The hosting provider answered with an error.',
    retryable: true,
  },
} as const satisfies Record<string, ErrorCodeEntry>;
