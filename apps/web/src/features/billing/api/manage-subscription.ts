import * as z from 'zod/mini';
import { billingRequest } from './billing-request';

const urlSchema = z.looseObject({ url: z.string() });
const anySchema = z.unknown();

/** Cancels the subscription `productId` at the end of its period (`POST /api/billing/cancel`). */
export async function cancelSubscription(productId: string): Promise<void> {
  await billingRequest('/api/billing/cancel', {
    method: 'POST',
    body: { product_id: productId },
    schema: anySchema,
  });
}

/** The billing portal's address (`POST /api/billing/billing_portal`); spec §7: opened in a new tab. */
export async function getBillingPortalUrl(): Promise<string> {
  const result = await billingRequest('/api/billing/billing_portal', {
    method: 'POST',
    body: { return_url: `${window.location.origin}/billing` },
    schema: urlSchema,
  });
  return result.url;
}

/** Asks for the 14-day guarantee refund of the current subscription (`POST /api/billing/refund`). */
export async function requestRefund(productId: string): Promise<void> {
  await billingRequest('/api/billing/refund', {
    method: 'POST',
    body: { product_id: productId },
    schema: anySchema,
  });
}
