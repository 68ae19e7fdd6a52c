import type { BillingProduct } from '@sitelift/shared/billing/plans';

/** What a checkout charges: decided (founder or regular price) when the session is created. */
export interface CheckoutRequest {
  /** Our checkout session id (also sent as metadata, so the webhook finds the row). */
  sessionId: string;
  userId: string;
  providerCustomerId: string;
  product: BillingProduct;
  amount: number;
  currency: string;
  isFounderPrice: boolean;
  successUrl: string;
  cancelUrl: string;
}

/** A webhook event after its signature was checked (Stripe's event shape, both providers). */
export interface ProviderEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

/** Thrown by `parseWebhook` when the signature does not match the raw body. */
export class WebhookSignatureError extends Error {
  constructor(cause: unknown) {
    super('The webhook signature is not valid.', { cause });
    this.name = 'WebhookSignatureError';
  }
}

/** Thrown when the payment provider refuses a request or cannot be reached. */
export class BillingProviderError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'BillingProviderError';
  }
}

/**
 * The payment provider behind the billing API (docs/decisions/021-billing-providers-and-credits.md):
 * Stripe, or the local test mode. Both deliver their outcome as Stripe-shaped, signed webhook events
 * that go through the same processing, so credits are granted in one place only.
 */
export interface BillingProvider {
  readonly kind: 'stripe' | 'test';
  /** Creates the provider's customer for a user; returns its id. */
  createCustomer(input: { userId: string; email: string; name: string | null }): Promise<string>;
  /** Starts a hosted checkout; returns the provider's session id and where to send the browser. */
  createCheckoutSession(
    input: CheckoutRequest,
  ): Promise<{ providerSessionId: string; url: string }>;
  /** A customer-portal URL (payment methods, invoices). */
  createPortalSession(input: { providerCustomerId: string; returnUrl: string }): Promise<string>;
  /** Cancels a subscription, now or at the end of its paid period; returns that period's end. */
  cancelSubscription(
    providerSubscriptionId: string,
    options: { atPeriodEnd: boolean },
  ): Promise<{ currentPeriodEnd: Date | null }>;
  /** Refunds one payment in full; returns the refund id. */
  refundPayment(input: {
    providerInvoiceId: string | null;
    providerPaymentIntentId: string | null;
  }): Promise<string>;
  /** The payment intent that paid an invoice (refunds and disputes made outside the app name it). */
  findInvoicePaymentIntent(providerInvoiceId: string): Promise<string | null>;
  /** Checks the signature of a webhook on its raw body and returns the event; WebhookSignatureError otherwise. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
