import Stripe from 'stripe';
import type { BillingProvider, CheckoutRequest, ProviderEvent } from './billing-provider';
import { BillingProviderError, WebhookSignatureError } from './billing-provider';

/** Where the Stripe SDK sends requests (tests point it at a Stripe-compatible server on loopback). */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** Builds the SDK client: the official `stripe` package, optionally pointed at another host. */
export function buildStripeClient(secretKey: string, api?: StripeApiAddress): Stripe {
  return new Stripe(secretKey, {
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'Sitelift' },
  });
}

function toProviderError(action: string, error: unknown): BillingProviderError {
  const message = error instanceof Error ? error.message : String(error);
  return new BillingProviderError(`Stripe could not ${action}: ${message}`, error);
}

function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') {
    return value.id;
  }
  return null;
}

/** Stripe Checkout, the customer portal, refunds and signed webhooks through the official SDK. */
export function createStripeProvider(options: {
  secretKey: string;
  webhookSecret: string;
  api?: StripeApiAddress;
}): BillingProvider {
  const stripe = buildStripeClient(options.secretKey, options.api);
  // Since API version 2025-03-31 an invoice names its payments in invoice_payments.
  async function paymentIntentOfInvoice(invoiceId: string): Promise<string | null> {
    const payments = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 });
    const paid = payments.data.find((item) => item.status === 'paid') ?? payments.data[0];
    return idOf(paid?.payment?.payment_intent);
  }
  return {
    kind: 'stripe',

    async createCustomer({ userId, email, name }) {
      try {
        const customer = await stripe.customers.create(
          { email, ...(name ? { name } : {}), metadata: { user_id: userId } },
          { idempotencyKey: `sitelift-customer-${userId}` },
        );
        return customer.id;
      } catch (error) {
        throw toProviderError('create the customer', error);
      }
    },

    async createCheckoutSession(input: CheckoutRequest) {
      const { product } = input;
      const metadata = {
        checkout_session_id: input.sessionId,
        user_id: input.userId,
        product_id: product.productId,
        is_founder_price: String(input.isFounderPrice),
      };
      const interval = product.interval;
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: interval ? 'subscription' : 'payment',
            customer: input.providerCustomerId,
            client_reference_id: input.userId,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency,
                  unit_amount: input.amount,
                  product_data: {
                    name: `Sitelift ${product.planName}`,
                    metadata: { product_id: product.productId },
                  },
                  ...(interval ? { recurring: { interval } } : {}),
                },
              },
            ],
            ...(interval
              ? { subscription_data: { metadata } }
              : { payment_intent_data: { metadata } }),
          },
          { idempotencyKey: `sitelift-checkout-${input.sessionId}` },
        );
        if (!session.url) throw new Error('the checkout session has no URL');
        return { providerSessionId: session.id, url: session.url };
      } catch (error) {
        throw toProviderError('start the checkout', error);
      }
    },

    async createPortalSession({ providerCustomerId, returnUrl }) {
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: providerCustomerId,
          return_url: returnUrl,
        });
        return session.url;
      } catch (error) {
        throw toProviderError('open the billing portal', error);
      }
    },

    async cancelSubscription(providerSubscriptionId, { atPeriodEnd }) {
      try {
        const subscription = atPeriodEnd
          ? await stripe.subscriptions.update(providerSubscriptionId, {
              cancel_at_period_end: true,
            })
          : await stripe.subscriptions.cancel(providerSubscriptionId);
        const end = subscription.items?.data?.[0]?.current_period_end;
        return { currentPeriodEnd: typeof end === 'number' ? new Date(end * 1000) : null };
      } catch (error) {
        throw toProviderError('cancel the subscription', error);
      }
    },

    async findInvoicePaymentIntent(providerInvoiceId) {
      try {
        return await paymentIntentOfInvoice(providerInvoiceId);
      } catch (error) {
        throw toProviderError('read the invoice payments', error);
      }
    },

    async refundPayment({ providerInvoiceId, providerPaymentIntentId }) {
      try {
        let paymentIntent = providerPaymentIntentId;
        if (!paymentIntent && providerInvoiceId) {
          paymentIntent = await paymentIntentOfInvoice(providerInvoiceId);
        }
        if (!paymentIntent) throw new Error('no payment was found for this invoice');
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent, reason: 'requested_by_customer' },
          { idempotencyKey: `sitelift-refund-${paymentIntent}` },
        );
        return refund.id;
      } catch (error) {
        throw toProviderError('refund the payment', error);
      }
    },

    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError(new Error('no Stripe-Signature header'));
      try {
        const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
        return event as unknown as ProviderEvent;
      } catch (error) {
        throw new WebhookSignatureError(error);
      }
    },
  };
}
