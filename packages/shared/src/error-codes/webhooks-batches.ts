import type { ErrorCodeEntry } from '../error-codes';

/** Error codes of webhook endpoints and batches (issue 26). */
export const WEBHOOKS_BATCHES_ERROR_CODES = {
  API_WEBHOOK_NOT_FOUND: { status: 404, message: 'Webhook endpoint not found.', retryable: false },
  API_WEBHOOK_DELIVERY_NOT_FOUND: {
    status: 404,
    message: 'Webhook delivery not found.',
    retryable: false,
  },
  API_WEBHOOK_URL_REFUSED: {
    status: 422,
    message:
      'Webhook URLs must point at a public address: private, loopback and link-local addresses are refused.',
    retryable: false,
  },
  API_WEBHOOK_LIMIT: {
    status: 409,
    message: 'You have reached the limit of 10 webhook endpoints. Delete one to add another.',
    retryable: false,
  },
  API_BATCH_NOT_FOUND: { status: 404, message: 'Batch not found.', retryable: false },
  /** The message names the credits needed and the balance (batches.service.ts). */
  API_BATCH_CREDITS_SHORT: {
    status: 402,
    message: 'Your balance does not cover every site of this batch. Nothing was charged.',
    retryable: false,
  },
  API_BATCH_NOTHING_ACCEPTED: {
    status: 422,
    message:
      'None of the URLs in this list can be modernized. Nothing was charged; see the reason next to each line.',
    retryable: false,
  },
} as const satisfies Record<string, ErrorCodeEntry>;
