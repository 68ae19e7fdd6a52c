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

/** The customer's live subscription (a plan paid every month or year), if any. */
export function getActiveSubscription(customer: Customer | undefined): CustomerProduct | null {
  return (
    customer?.products.find(
      (product) => product.status === 'active' && product.interval !== null,
    ) ?? null
  );
}
