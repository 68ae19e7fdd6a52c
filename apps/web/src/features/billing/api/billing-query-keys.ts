/** The cache key of billing data (customer, pricing table): refetched after a purchase or change. */
export const BILLING_QUERY_KEY = ['billing'] as const;
