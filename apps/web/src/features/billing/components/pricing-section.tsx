import { useState } from 'react';
import { Check, Crown } from 'lucide-react';
import { AUTH_MESSAGES } from '@sitelift/shared/messages';
import { Button } from '../../../components/ui/button';
import { landingAnchors } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { reportError } from '../../../lib/report-error';
import { cn } from '../../../utils/cn';
import { attachProduct } from '../api/attach-product';
import { FOUNDER_DISCOUNT, PRICING_PLANS } from '../data/pricing-plans';
import type { BillingPeriod, PricingPlan } from '../data/pricing-plans';

/** The pricing section (spec §2, §9): Monthly/Yearly toggle, four plans, founder note. */
export function PricingSection() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const { user } = useSession();
  const [pendingProduct, setPendingProduct] = useState<string | null>(null);

  const purchase = async (productId: string) => {
    if (!user) {
      window.alert(AUTH_MESSAGES.purchaseSignInRequired);
      return;
    }
    setPendingProduct(productId);
    try {
      const checkoutUrl = await attachProduct(productId);
      if (checkoutUrl) window.location.assign(checkoutUrl);
      else console.warn('Billing attach returned no checkout URL');
    } catch (error) {
      reportError('Billing attach failed', error);
      window.alert(AUTH_MESSAGES.purchaseFailed);
    } finally {
      setPendingProduct(null);
    }
  };

  return (
    <section
      id={landingAnchors.pricing}
      aria-labelledby="pricing-heading"
      className="bg-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Pricing</p>
          <h2
            id="pricing-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            One credit modernizes one site
          </h2>
          <p className="mt-4 text-base leading-7 text-slate-600 sm:text-lg">
            Pay per site or subscribe and save. If a modernization fails, its credit comes back
            automatically — and subscription credits roll over.
          </p>
        </div>

        <div className="mt-10 flex justify-center">
          <div
            role="radiogroup"
            aria-label="Billing period"
            className="inline-flex items-center gap-1 rounded-full bg-slate-100 p-1 ring-1 ring-slate-200"
          >
            {(['monthly', 'yearly'] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={period === value}
                onClick={() => setPeriod(value)}
                className={cn(
                  'inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold transition-colors',
                  period === value
                    ? 'bg-white text-slate-900 shadow-sm'
                    : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {value === 'monthly' ? 'Monthly' : 'Yearly'}
                {value === 'yearly' && (
                  <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-700">
                    Save 15%
                  </span>
                )}
              </button>
            ))}
          </div>
        </div>

        <ul className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {PRICING_PLANS.map((plan) => (
            <PlanCard
              key={plan.name}
              plan={plan}
              period={period}
              isPending={pendingProduct !== null}
              onPurchase={purchase}
            />
          ))}
        </ul>

        <p className="mx-auto mt-10 max-w-2xl rounded-xl bg-amber-50 px-5 py-4 text-center text-sm leading-6 text-amber-900 ring-1 ring-amber-200">
          <Crown className="mr-1.5 inline size-4 align-[-2px]" aria-hidden />
          <strong>Founder pricing:</strong> the first {FOUNDER_DISCOUNT.subscribers} subscribers
          keep a permanent {FOUNDER_DISCOUNT.percent}% discount for as long as they stay subscribed.
        </p>
      </div>
    </section>
  );
}

function PlanCard({
  plan,
  period,
  isPending,
  onPurchase,
}: {
  plan: PricingPlan;
  period: BillingPeriod;
  isPending: boolean;
  onPurchase: (productId: string) => void;
}) {
  const variant = (period === 'yearly' && plan.yearly) || plan.monthly;
  const headingId = `plan-${plan.name.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        plan.recommended
          ? 'border-brand-500 shadow-xl shadow-brand-600/10 ring-1 ring-brand-500'
          : 'border-slate-200',
      )}
    >
      {plan.recommended && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white shadow">
          Recommended
        </span>
      )}
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-2 min-h-12 text-sm leading-6 text-slate-600">{variant.description}</p>
      <p className="mt-5 flex flex-wrap items-baseline gap-x-2">
        {variant.regularPrice && (
          <s className="text-lg font-medium text-slate-500">
            <span className="sr-only">Regular price </span>
            {variant.regularPrice}
          </s>
        )}
        <span className="text-4xl font-bold tracking-tight text-slate-900">{variant.price}</span>
        <span className="text-sm font-medium text-slate-500">{variant.priceSuffix}</span>
      </p>
      {period === 'yearly' && !plan.yearly && (
        <p className="mt-1 text-xs text-slate-500">One-time purchase — no yearly plan.</p>
      )}
      <Button
        variant={plan.buttonVariant}
        className="mt-6 w-full"
        disabled={isPending}
        onClick={() => onPurchase(variant.productId)}
      >
        {plan.buttonText}
      </Button>
      <ul className="mt-6 space-y-3 text-sm text-slate-700">
        {variant.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
    </li>
  );
}
