import { testCheckoutResultSchema, testCheckoutSessionSchema } from '@sitelift/shared/billing/api';
import type { TestCheckoutSession } from '@sitelift/shared/billing/api';
import { useQuery } from '../../../lib/query-client';
import { billingRequest } from './billing-request';

const sessionPath = (sessionId: string) =>
  `/api/billing/test_checkout/${encodeURIComponent(sessionId)}`;

/** Reads a test-mode checkout session (`GET /api/billing/test_checkout/:session_id`). */
export function getTestCheckout(sessionId: string): Promise<TestCheckoutSession> {
  return billingRequest(sessionPath(sessionId), { schema: testCheckoutSessionSchema });
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
    schema: testCheckoutResultSchema,
  });
  return result.redirect_url;
}
