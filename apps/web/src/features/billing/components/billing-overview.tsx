import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Copy, CreditCard, ExternalLink, Gift, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { landingAnchors, paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import { CREDITS_QUERY_KEY, useCreditBalanceQuery } from '../api/get-credits';
import {
  GUARANTEE_DAYS,
  GUARANTEE_RULE,
  REFERRAL_RULE,
  formatUsd,
} from '@sitelift/shared/billing/plans';
import type { Customer, CustomerProduct } from '@sitelift/shared/billing/api';
import { BILLING_QUERY_KEY } from '../api/billing-query-keys';
import { getActiveSubscription, useCustomer } from '../api/get-customer';
import { cancelSubscription, getBillingPortalUrl, requestRefund } from '../api/manage-subscription';
import { createReferralCode, redeemReferralCode } from '../api/referrals';
import { FullCreditHistory } from './credit-history';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** True while the 14-day guarantee of `product` runs (the server sends its last moment). */
export function isRefundEligible(product: CustomerProduct, now = Date.now()): boolean {
  const until = toDate(product.refundable_until);
  return until !== null && until.getTime() > now;
}

function toDate(value: string | null): Date | null {
  if (value === null) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const STATUS_LABELS: Record<CustomerProduct['status'], string> = {
  active: 'Active',
  canceled: 'Cancelled',
  refunded: 'Refunded',
};

function Card({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: typeof CreditCard;
  children: ReactNode;
}) {
  const id = `billing-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Icon className="size-5 text-brand-600" aria-hidden /> {title}
      </h2>
      <div className="mt-4 text-sm text-slate-700">{children}</div>
    </section>
  );
}

const PRICING_HREF = `${paths.home.getHref()}#${landingAnchors.pricing}`;

/**
 * The billing page (issue 13): credits, the current plan with the portal, cancel and the 14-day
 * guarantee refund, and referral codes (create/copy, redeem).
 */
export function BillingOverview() {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const balance = useCreditBalanceQuery();
  const customer = useCustomer();
  const [busy, setBusy] = useState<'portal' | 'cancel' | 'refund' | null>(null);
  const subscription = getActiveSubscription(customer.data);
  const otherProducts = customer.data?.products.filter((product) => product !== subscription) ?? [];

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY }),
    ]);

  const openPortal = async () => {
    // Opened before the request so that the browser does not block it as a pop-up.
    const tab = window.open('about:blank', '_blank');
    setBusy('portal');
    try {
      const url = new URL(await getBillingPortalUrl(), window.location.origin).toString();
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      reportError('billing portal', error);
      toast.error(getErrorMessage(error, 'Could not open the billing portal. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const cancel = async (product: CustomerProduct) => {
    const periodEnd = toDate(product.current_period_end);
    const confirmed = await confirm({
      title: `Cancel ${product.name}?`,
      description: `No further payments or credit grants${
        periodEnd ? ` after ${dateFormat.format(periodEnd)}` : ''
      }. Credits you already have never expire.`,
      confirmLabel: 'Yes, Cancel Plan',
      tone: 'danger',
    });
    if (!confirmed) return;
    setBusy('cancel');
    try {
      await cancelSubscription(product.id);
      toast.success('Your plan is cancelled. No further payments will be taken.');
      await refresh();
    } catch (error) {
      reportError('cancel subscription', error);
      toast.error(getErrorMessage(error, 'Could not cancel the plan. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const refund = async (product: CustomerProduct) => {
    const confirmed = await confirm({
      title: 'Request a refund?',
      description: `${GUARANTEE_RULE} Refund your payment now?`,
      confirmLabel: 'Yes, Refund My Payment',
      tone: 'danger',
    });
    if (!confirmed) return;
    setBusy('refund');
    try {
      const result = await requestRefund(product.id);
      toast.success(
        `Refunded ${formatUsd(result.refunded_amount)}; ${result.credits_removed} unused ${
          result.credits_removed === 1 ? 'credit' : 'credits'
        } removed.`,
      );
      await refresh();
    } catch (error) {
      reportError('refund', error);
      toast.error(getErrorMessage(error, 'Could not request the refund. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Billing</h1>
        <p className="mt-1 text-sm text-slate-600">
          Your credits, your plan and your referral code.
        </p>
      </div>

      <Card title="Credits" icon={Sparkles}>
        {balance.isPending ? (
          <Spinner className="text-brand-600" label="Loading credits" />
        ) : balance.isError ? (
          <Alert tone="error">Could not load your credits.</Alert>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>
              <span className="text-3xl font-bold text-slate-900">{balance.data}</span>{' '}
              {balance.data === 1 ? 'credit' : 'credits'} available · one credit modernizes one site
            </p>
            <Link to={PRICING_HREF} className={buttonClasses('outline', 'sm')}>
              Buy credits
            </Link>
          </div>
        )}
      </Card>

      <Card title="Current plan" icon={CreditCard}>
        {customer.isPending ? (
          <Spinner className="text-brand-600" label="Loading plan" />
        ) : customer.isError ? (
          <Alert tone="error">
            {getErrorMessage(customer.error, 'Could not load your plan. Please try again.')}
          </Alert>
        ) : subscription ? (
          <SubscriptionDetails
            subscription={subscription}
            hasPortal={!customer.data.test_mode}
            busy={busy}
            onPortal={() => void openPortal()}
            onCancel={() => void cancel(subscription)}
            onRefund={() => void refund(subscription)}
          />
        ) : (
          <div className="space-y-3">
            <p>You have no subscription. Credits you bought or were given never expire.</p>
            <div className="flex flex-wrap gap-2">
              <Link to={PRICING_HREF} className={buttonClasses('primary', 'sm')}>
                See plans
              </Link>
              {otherProducts.length > 0 && !customer.data.test_mode && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy !== null}
                  onClick={() => void openPortal()}
                >
                  <ExternalLink className="size-4" aria-hidden /> Manage billing
                </Button>
              )}
            </div>
          </div>
        )}
        {otherProducts.length > 0 && (
          <div className="mt-5 border-t border-slate-100 pt-4">
            <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Earlier plans
            </h3>
            <ul className="mt-2 space-y-1">
              {otherProducts.map((product, index) => {
                const startedAt = toDate(product.started_at);
                const periodEnd = toDate(product.current_period_end);
                const state =
                  product.status === 'active' && product.cancel_at_period_end && periodEnd
                    ? `Ends ${dateFormat.format(periodEnd)}`
                    : STATUS_LABELS[product.status];
                return (
                  <li key={`${product.id}-${index}`} className="flex justify-between gap-3">
                    <span>
                      {product.name}
                      <span className="text-slate-500"> · {state}</span>
                    </span>
                    <span className="text-slate-500">
                      {startedAt ? `since ${dateFormat.format(startedAt)}` : ''}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </Card>

      {customer.data && <ReferralCard customer={customer.data} />}
      <FullCreditHistory />
    </div>
  );
}

function SubscriptionDetails({
  subscription,
  hasPortal,
  busy,
  onPortal,
  onCancel,
  onRefund,
}: {
  subscription: CustomerProduct;
  /** False in test mode: there is no hosted portal, this page is where the plan is managed. */
  hasPortal: boolean;
  busy: 'portal' | 'cancel' | 'refund' | null;
  onPortal: () => void;
  onCancel: () => void;
  onRefund: () => void;
}) {
  const periodEnd = toDate(subscription.current_period_end);
  const isEnding = subscription.cancel_at_period_end;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold text-slate-900">{subscription.name}</p>
        <span
          className={
            isEnding
              ? 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800'
              : 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800'
          }
        >
          {isEnding ? 'Cancelled' : 'Active'}
        </span>
        {subscription.is_founder_price && (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
            Founder price
          </span>
        )}
      </div>
      <p>
        {formatUsd(subscription.amount)}{' '}
        {subscription.interval === 'year' ? 'per year' : 'per month'} ·{' '}
        {subscription.credits_per_period} credits each {subscription.interval}
      </p>
      {periodEnd && (
        <p>
          {isEnding ? 'Ends on' : 'Renews on'} {dateFormat.format(periodEnd)}
          {isEnding ? '; no further payments.' : '; unused credits roll over.'}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {hasPortal && (
          <Button size="sm" variant="outline" disabled={busy !== null} onClick={onPortal}>
            <ExternalLink className="size-4" aria-hidden />
            {busy === 'portal' ? 'Opening...' : 'Manage billing'}
          </Button>
        )}
        {!isEnding && (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 first:-ml-3 hover:bg-red-50 hover:text-red-800"
            disabled={busy !== null}
            onClick={onCancel}
          >
            {busy === 'cancel' ? 'Cancelling...' : 'Cancel plan'}
          </Button>
        )}
      </div>
      {isRefundEligible(subscription) && (
        <div className="flex flex-col gap-3 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex gap-2 text-emerald-900">
            <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
            {GUARANTEE_DAYS}-day guarantee: not saving its cost in billable hours? Get your money
            back.
          </p>
          <Button size="sm" variant="outline" disabled={busy !== null} onClick={onRefund}>
            {busy === 'refund' ? 'Requesting...' : 'Request refund'}
          </Button>
        </div>
      )}
    </div>
  );
}

function ReferralCard({ customer }: { customer: Customer }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState<string | null>(customer.referral_code);
  const [isCreating, setIsCreating] = useState(false);
  const [redeemCode, setRedeemCode] = useState('');
  const [redeemState, setRedeemState] = useState<
    { kind: 'idle' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'error'; message: string }
  >({ kind: 'idle' });

  const create = async () => {
    setIsCreating(true);
    try {
      setCode((await createReferralCode()).code);
    } catch (error) {
      reportError('referral code', error);
      toast.error(getErrorMessage(error, 'Could not create a referral code. Please try again.'));
    } finally {
      setIsCreating(false);
    }
  };

  const copy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      toast.success('Referral code copied.');
    } catch {
      toast.error('Could not copy. Select the code and copy it by hand.');
    }
  };

  const redeem = async (event: FormEvent) => {
    event.preventDefault();
    const value = redeemCode.trim();
    if (value === '') {
      setRedeemState({ kind: 'error', message: 'Enter a referral code.' });
      return;
    }
    setRedeemState({ kind: 'sending' });
    try {
      await redeemReferralCode(value);
      setRedeemState({ kind: 'done' });
      setRedeemCode('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
      ]);
    } catch (error) {
      reportError('redeem referral', error);
      setRedeemState({
        kind: 'error',
        message: getErrorMessage(error, 'Could not redeem the code. Please try again.'),
      });
    }
  };

  return (
    <Card title="Referrals" icon={Gift}>
      <p>{REFERRAL_RULE}</p>
      <div className="mt-4">
        {code ? (
          <div className="flex flex-wrap items-center gap-2">
            <output
              aria-label="Your referral code"
              className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-base font-semibold tracking-wider text-slate-900"
            >
              {code}
            </output>
            <Button size="sm" variant="outline" onClick={() => void copy()}>
              <Copy className="size-4" aria-hidden /> Copy
            </Button>
          </div>
        ) : (
          <Button size="sm" disabled={isCreating} onClick={() => void create()}>
            {isCreating ? 'Creating...' : 'Get my referral code'}
          </Button>
        )}
      </div>
      {redeemState.kind === 'done' ? (
        <Alert tone="success" className="mt-6">
          Code redeemed: a credit has been added to your balance.
        </Alert>
      ) : customer.has_redeemed_referral ? (
        <p className="mt-6 border-t border-slate-100 pt-5 text-slate-600">
          You have redeemed a referral code (one per account).
        </p>
      ) : (
        <form
          className="mt-6 border-t border-slate-100 pt-5"
          aria-label="Redeem a referral code"
          noValidate
          onSubmit={(event) => void redeem(event)}
        >
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <FormField
                label="Have a referral code?"
                value={redeemCode}
                autoComplete="off"
                onChange={(event) => setRedeemCode(event.target.value)}
                disabled={redeemState.kind === 'sending'}
                error={redeemState.kind === 'error' ? redeemState.message : undefined}
              />
            </div>
            <Button
              type="submit"
              variant="outline"
              disabled={redeemState.kind === 'sending'}
              className={redeemState.kind === 'error' ? 'sm:mb-7' : undefined}
            >
              {redeemState.kind === 'sending' ? 'Redeeming...' : 'Redeem'}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
