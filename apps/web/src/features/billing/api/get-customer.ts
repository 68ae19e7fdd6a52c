import { customerSchema } from '@sitelift/shared/billing/api';
import type { Customer, CustomerProduct } from '@sitelift/shared/billing/api';
import { useQuery } from '../../../lib/query-client';
import { billingRequest } from './billing-request';

import { BILLING_QUERY_KEY } from './billing-query-keys';

/** The cache key of the signed-in customer. */
export const CUSTOMER_QUERY_KEY = [...BILLING_QUERY_KEY, 'customer'] as const;

/**
 * Reads (creating on first use) the signed-in customer (`POST /api/billing/customers`). Spec §4:
 * fetched once on load without erroring when the customer is not found.
 */
export function getCustomer(): Promise<Customer> {
  return billingRequest('/api/billing/customers', {
    method: 'POST',
    body: { error_on_not_found: false },
    schema: customerSchema,
  });
}

/** The signed-in customer. */
export function useCustomer(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: CUSTOMER_QUERY_KEY, queryFn: getCustomer, enabled: options.enabled });
}

/**
 * The customer's current subscription: the live plan that renews, else one that ends at the close of
 * its period (after a plan change the old plan stays active, marked to end, beside the new one).
 */
export function getActiveSubscription(customer: Customer | undefined): CustomerProduct | null {
  const live =
    customer?.products.filter(
      (product) => product.status === 'active' && product.interval !== null,
    ) ?? [];
  return live.find((product) => !product.cancel_at_period_end) ?? live[0] ?? null;
}
