import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '../../../lib/query-client';
import type { NavigationState } from '../../../utils/navigation-state';
import { CREDITS_QUERY_KEY } from '../api/get-credits';
import { BILLING_QUERY_KEY } from '../api/billing-query-keys';
import { BILLING_TEXTS } from '../utils/billing-texts';

/**
 * Back from a provider's checkout (`?checkout=success` or `?checkout=cancelled` on the return URL):
 * refreshes the balance and billing data, and turns the query into a one-time banner message by
 * replacing the URL, so a reload does not show it again.
 */
export function useCheckoutReturn(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const outcome = new URLSearchParams(location.search).get('checkout');

  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'cancelled' && outcome !== 'canceled') return;
    const params = new URLSearchParams(location.search);
    params.delete('checkout');
    params.delete('session_id');
    const search = params.toString();
    if (outcome === 'success') {
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
    }
    const state: NavigationState = {
      message:
        outcome === 'success' ? BILLING_TEXTS.checkoutReturned : BILLING_TEXTS.paymentCancelled,
    };
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state },
    );
  }, [outcome, location.pathname, location.search, location.hash, navigate, queryClient]);
}
