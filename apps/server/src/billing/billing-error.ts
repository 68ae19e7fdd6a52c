import { BILLING_ERRORS, type BillingErrorCode } from '@sitelift/shared/billing/api';

/** A billing failure with a code of the billing catalogue; the routes answer it in the envelope. */
export class BillingError extends Error {
  readonly code: BillingErrorCode;
  readonly status: number;
  constructor(code: BillingErrorCode, options: { message?: string; cause?: unknown } = {}) {
    super(options.message ?? BILLING_ERRORS[code].message, { cause: options.cause });
    this.name = 'BillingError';
    this.code = code;
    this.status = BILLING_ERRORS[code].status;
  }
}
