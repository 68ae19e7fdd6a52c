import type { AttachResult, CheckResult, PricingTable } from '@sitelift/shared/billing/api';
import { useQuery } from '../../../lib/query-client';
import { billingRequest } from './billing-request';
import { BILLING_QUERY_KEY } from './billing-query-keys';
import {
  attachResultMiniSchema,
  checkResultMiniSchema,
  pricingTableMiniSchema,
} from './pricing-schemas';

/** The cache key of the pricing table. */
export const PRICING_TABLE_QUERY_KEY = [...BILLING_QUERY_KEY, 'pricing-table'] as const;

/** The plans with the prices that apply now (`GET /api/billing/pricing_table`). */
export function getPricingTable(): Promise<PricingTable> {
  return billingRequest('/api/billing/pricing_table', { schema: pricingTableMiniSchema });
}

/**
 * The pricing table; `signedIn` is part of the key because the answer marks the user's plan, and
 * nothing is asked while the session is still unknown (`enabled: false`).
 */
export function usePricingTable(signedIn: boolean, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...PRICING_TABLE_QUERY_KEY, signedIn],
    queryFn: getPricingTable,
    retry: false,
    enabled: options.enabled,
  });
}

/**
 * Asks what buying `productId` would do (`POST /api/billing/check` with a preview): a `preview` means
 * it changes the current plan, and the product-change dialog shows it (spec §4).
 */
export function checkProduct(productId: string): Promise<CheckResult> {
  return billingRequest('/api/billing/check', {
    method: 'POST',
    body: { product_id: productId, with_preview: true },
    schema: checkResultMiniSchema,
  });
}

/** Starts a purchase (`POST /api/billing/attach`); `checkout_url` is where to pay, if anywhere. */
export function attachProduct(productId: string): Promise<AttachResult> {
  return billingRequest('/api/billing/attach', {
    method: 'POST',
    body: { product_id: productId },
    schema: attachResultMiniSchema,
  });
}
