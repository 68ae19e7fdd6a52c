import { randomBytes } from 'node:crypto';
import { toTestCheckoutPath } from '@sitelift/shared/billing/api';
import Stripe from 'stripe';
import type { BillingProvider, ProviderEvent } from './billing-provider';
import { WebhookSignatureError } from './billing-provider';

/** A Stripe-style id with a test-mode prefix: `cus_test_…`, `evt_test_…`. */
export function newTestId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('hex')}`;
}

/** The local test-mode provider plus what only it can do: sign the events it makes up. */
export interface TestModeProvider extends BillingProvider {
  readonly kind: 'test';
  /** Signs an event the way Stripe does; returns the raw body and the Stripe-Signature header. */
  signEvent(event: ProviderEvent): { payload: string; signature: string };
}

/**
 * The embedded default when no STRIPE_SECRET_KEY is set: no money moves. Checkout is a local page
 * (`/billing/test-checkout/<session id>`, clearly marked as test mode); completing it produces the same
 * Stripe-shaped events as a real purchase, signed with a secret generated at start, and they go through
 * the same webhook processing.
 */
export function createTestModeProvider(): TestModeProvider {
  // Only used to sign and verify locally made events: this client never makes a request.
  const stripe = new Stripe('sk_test_sitelift_local_test_mode');
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  return {
    kind: 'test',
    async createCustomer() {
      return newTestId('cus');
    },
    async createCheckoutSession(input) {
      return { providerSessionId: input.sessionId, url: toTestCheckoutPath(input.sessionId) };
    },
    async createPortalSession({ returnUrl }) {
      // No hosted portal in test mode: the app's own billing page manages the subscription.
      return returnUrl;
    },
    async cancelSubscription() {
      return { currentPeriodEnd: null };
    },
    async refundPayment() {
      return newTestId('re');
    },
    async findInvoicePaymentIntent() {
      // Test-mode payments are never refunded or disputed outside the app.
      return null;
    },
    signEvent(event) {
      const payload = JSON.stringify(event);
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
      });
      return { payload, signature };
    },
    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError(new Error('no Stripe-Signature header'));
      try {
        return stripe.webhooks.constructEvent(
          rawBody,
          signature,
          webhookSecret,
        ) as unknown as ProviderEvent;
      } catch (error) {
        throw new WebhookSignatureError(error);
      }
    },
  };
}
