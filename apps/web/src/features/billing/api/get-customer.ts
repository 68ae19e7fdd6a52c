import * as z from 'zod/mini';
import { useQuery } from '../../../lib/query-client';
import { billingRequest } from './billing-request';

/** The cache key of billing data (customer, pricing table): refetched after a purchase or change. */
export const BILLING_QUERY_KEY = ['billing'] as const;

const timestampSchema = z.nullish(z.union([z.number(), z.string()]));

/** One product of the customer (a subscription or a one-time purchase). */
export const customerProductSchema = z.looseObject({
  id: z.string(),
  name: z.nullish(z.string()),
  status: z.string(),
  is_add_on: z.optional(z.boolean()),
  started_at: timestampSchema,
  current_period_end: timestampSchema,
  canceled_at: timestampSchema,
});

/** The signed-in customer (`POST /api/billing/customers`). */
export const customerSchema = z.looseObject({
  id: z.nullish(z.string()),
  products: z.array(customerProductSchema),
});

/** The signed-in customer. */
export type Customer = z.infer<typeof customerSchema>;
/** One product of the customer. */
export type CustomerProduct = z.infer<typeof customerProductSchema>;

/**
 * Reads (creating on first use) the signed-in customer. Spec §4: fetched once on load without
 * erroring when the customer is not found, so `error_on_not_found` is false.
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
  return useQuery({
    queryKey: [...BILLING_QUERY_KEY, 'customer'],
    queryFn: getCustomer,
    enabled: options.enabled,
  });
}

/** A timestamp of the billing API (epoch milliseconds or ISO text) as a Date, or null. */
export function toDate(value: number | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The customer's live subscription (not a one-time purchase), if any. */
export function getActiveSubscription(customer: Customer | undefined): CustomerProduct | null {
  return (
    customer?.products.find(
      (product) =>
        (product.status === 'active' || product.status === 'trialing') &&
        product.current_period_end !== null &&
        product.current_period_end !== undefined,
    ) ?? null
  );
}
