import { useState } from 'react';
import { CreditCard, FlaskConical, Lock } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingScreen } from '../../../components/ui/spinner';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import type { NavigationState } from '../../../utils/navigation-state';
import { CREDITS_QUERY_KEY } from '../api/get-credits';
import { BILLING_QUERY_KEY } from '../api/billing-query-keys';
import { finishTestCheckout, useTestCheckout } from '../api/test-checkout';
import { BILLING_TEXTS } from '../utils/billing-texts';
import { formatMoney, toIntervalLabel } from '../utils/format-money';

/** '15 credits per month', '1 credit': what the payment grants, in the plan card's words. */
function toCreditsLabel(credits: number, interval: 'month' | 'year' | null): string {
  const amount = `${credits} ${credits === 1 ? 'credit' : 'credits'}`;
  return interval === null ? amount : `${amount} ${toIntervalLabel(interval)}`;
}

/**
 * The local test-mode checkout (issue 13): stands in for Stripe Checkout when no Stripe key is set.
 * 'Pay' completes the session through the same path as a provider's webhook, 'Cancel' abandons it;
 * both go where the server says. Nothing is charged, and the page says so.
 */
export function TestCheckoutPage({ sessionId }: { sessionId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkout = useTestCheckout(sessionId);
  const [pending, setPending] = useState<'complete' | 'cancel' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const finish = async (outcome: 'complete' | 'cancel') => {
    if (!checkout.data) return;
    setPending(outcome);
    setFailure(null);
    try {
      const redirectUrl = await finishTestCheckout(sessionId, outcome);
      if (outcome === 'complete') {
        // The balance and plan are read again while the next page loads.
        void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
      }
      const target = new URL(redirectUrl, window.location.origin);
      if (target.origin !== window.location.origin) {
        window.location.assign(target.toString());
        return;
      }
      const state: NavigationState = {
        message:
          outcome === 'complete'
            ? BILLING_TEXTS.paymentComplete(checkout.data.product_name)
            : BILLING_TEXTS.paymentCancelled,
      };
      await navigate(`${target.pathname}${target.search}${target.hash}`, {
        replace: true,
        state,
      });
    } catch (error) {
      reportError('test checkout', error);
      setFailure(getErrorMessage(error, BILLING_TEXTS.checkoutFailed));
      setPending(null);
    }
  };

  if (checkout.isPending) return <LoadingScreen />;

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16">
      <div
        role="note"
        aria-label="Test mode"
        className="mb-6 flex items-start gap-3 rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div>
          <p className="font-bold tracking-wide uppercase">Test mode</p>
          <p className="mt-0.5">
            This is a local test checkout. No card is needed and no money moves; paying grants the
            plan&apos;s credits exactly as a real payment would.
          </p>
        </div>
      </div>

      {checkout.isError ? (
        <Alert tone="error" title="Checkout unavailable">
          {isApiError(checkout.error) && checkout.error.status === 404
            ? BILLING_TEXTS.checkoutNotFound
            : getErrorMessage(checkout.error, BILLING_TEXTS.checkoutNotFound)}
        </Alert>
      ) : (
        <section
          aria-labelledby="checkout-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <p className="text-sm font-medium text-slate-500">Sitelift checkout</p>
          <h1
            id="checkout-heading"
            className="mt-1 text-2xl font-bold tracking-tight text-slate-900"
          >
            {checkout.data.product_name}
          </h1>
          <dl className="mt-6 divide-y divide-slate-100 border-y border-slate-100 text-sm">
            <div className="flex justify-between gap-4 py-3">
              <dt className="text-slate-600">Amount</dt>
              <dd className="font-semibold text-slate-900">
                {formatMoney(checkout.data.amount, checkout.data.currency)}{' '}
                <span className="font-normal text-slate-500">
                  {toIntervalLabel(checkout.data.interval)}
                </span>
              </dd>
            </div>
            <div className="flex justify-between gap-4 py-3">
              <dt className="text-slate-600">Credits</dt>
              <dd className="font-semibold text-slate-900">
                {toCreditsLabel(checkout.data.credits, checkout.data.interval)}
              </dd>
            </div>
          </dl>
          {failure && (
            <Alert tone="error" className="mt-6">
              {failure}
            </Alert>
          )}
          {checkout.data.status !== 'open' ? (
            <Alert tone="info" className="mt-6">
              This checkout is {checkout.data.status}.
            </Alert>
          ) : (
            <div className="mt-8 flex flex-col gap-3 sm:flex-row-reverse">
              <Button
                size="lg"
                className="sm:flex-1"
                disabled={pending !== null}
                onClick={() => void finish('complete')}
              >
                <CreditCard className="size-5" aria-hidden />
                {pending === 'complete' ? 'Paying...' : 'Pay'}
              </Button>
              <Button
                size="lg"
                variant="outline"
                className="sm:flex-1"
                disabled={pending !== null}
                onClick={() => void finish('cancel')}
              >
                {pending === 'cancel' ? 'Cancelling...' : 'Cancel'}
              </Button>
            </div>
          )}
          <p className="mt-6 flex items-center justify-center gap-1.5 text-xs text-slate-500">
            <Lock className="size-3.5" aria-hidden /> Test payment — nothing is charged.
          </p>
        </section>
      )}
    </div>
  );
}
