import type { Config } from '../config';
import type { BillingProvider } from './billing-provider';
import { createStripeProvider } from './stripe-provider';
import { createTestModeProvider } from './test-mode-provider';

/** Stripe when STRIPE_SECRET_KEY is set, else the local test mode (docs/decisions/021). */
export function buildBillingProvider(config: Pick<Config, 'billing'>): BillingProvider {
  const { stripeSecretKey, stripeWebhookSecret, stripeApi } = config.billing;
  if (stripeSecretKey && stripeWebhookSecret) {
    return createStripeProvider({
      secretKey: stripeSecretKey,
      webhookSecret: stripeWebhookSecret,
      api: stripeApi,
    });
  }
  return createTestModeProvider();
}
