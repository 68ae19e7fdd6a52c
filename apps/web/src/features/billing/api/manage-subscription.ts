import {
  billingPortalResultSchema,
  cancelResultSchema,
  refundResultSchema,
} from '@sitelift/shared/billing/api';
import type { RefundResult } from '@sitelift/shared/billing/api';
import { paths } from '../../../config/paths';
import { billingRequest } from './billing-request';

/** Cancels the subscription `productId` at the end of its paid period (`POST /api/billing/cancel`). */
export async function cancelSubscription(productId: string): Promise<void> {
  await billingRequest('/api/billing/cancel', {
    method: 'POST',
    body: { product_id: productId },
    schema: cancelResultSchema,
  });
}

/** The billing portal's address (`POST /api/billing/billing_portal`); spec §7: opened in a new tab. */
export async function getBillingPortalUrl(): Promise<string> {
  const result = await billingRequest('/api/billing/billing_portal', {
    method: 'POST',
    body: { return_url: `${window.location.origin}${paths.billing.getHref()}` },
    schema: billingPortalResultSchema,
  });
  return result.url;
}

/** The 14-day guarantee refund of the subscription `productId` (`POST /api/billing/refund`). */
export function requestRefund(productId: string): Promise<RefundResult> {
  return billingRequest('/api/billing/refund', {
    method: 'POST',
    body: { product_id: productId },
    schema: refundResultSchema,
  });
}
