import * as z from 'zod/mini';
import { useQuery } from '../../../lib/query-client';
import { billingRequest } from './billing-request';

/** A test-mode checkout session (`GET /api/billing/test_checkout/:session_id`). */
export const testCheckoutSchema = z.looseObject({
  session_id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  /** In the currency's smallest unit (cents), as Stripe counts. */
  amount: z.number(),
  currency: z.string(),
  /** `month` or `year` for a subscription; null for a one-time purchase. */
  interval: z.nullish(z.string()),
  status: z.string(),
  test_mode: z.boolean(),
});

/** A test-mode checkout session. */
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

const redirectSchema = z.looseObject({ redirect_url: z.string() });

const sessionPath = (sessionId: string) =>
  `/api/billing/test_checkout/${encodeURIComponent(sessionId)}`;

/** Reads a test-mode checkout session. */
export function getTestCheckout(sessionId: string): Promise<TestCheckout> {
  return billingRequest(sessionPath(sessionId), { schema: testCheckoutSchema });
}

/** The test-mode checkout session `sessionId`. */
export function useTestCheckout(sessionId: string) {
  return useQuery({
    queryKey: ['billing', 'test-checkout', sessionId],
    queryFn: () => getTestCheckout(sessionId),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Pays (`complete`) or abandons (`cancel`) a test-mode checkout; resolves with where to go next. */
export async function finishTestCheckout(
  sessionId: string,
  outcome: 'complete' | 'cancel',
): Promise<string> {
  const result = await billingRequest(`${sessionPath(sessionId)}/${outcome}`, {
    method: 'POST',
    schema: redirectSchema,
  });
  return result.redirect_url;
}
