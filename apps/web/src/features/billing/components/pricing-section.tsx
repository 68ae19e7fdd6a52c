import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Check, Crown } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import type { CheckPreview, PricingTable } from '@sitelift/shared/billing/api';
import { FOUNDER_OFFER, GITHUB_FEATURE, PRICING_PLANS } from '@sitelift/shared/billing/plans';
import type { BillingPeriod, PricingPlan } from '@sitelift/shared/billing/plans';
import { AUTH_MESSAGES } from '@sitelift/shared/messages';
import { Button } from '../../../components/ui/button';
import { landingAnchors } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { useGithubExport } from '../../../lib/github-export';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import { cn } from '../../../utils/cn';
import { attachProduct, checkProduct, usePricingTable } from '../api/attach-product';
import { BILLING_QUERY_KEY } from '../api/billing-query-keys';
import { CREDITS_QUERY_KEY } from '../api/get-credits';
import { goToUrl } from '../utils/go-to-url';

// The dialog (and its Radix code) loads only when a subscriber changes plan.
const ProductChangeDialog = lazy(async () => ({
  default: (await import('./product-change-dialog')).ProductChangeDialog,
}));

/** Spec §9 'Dialog close delay': the dialog's content is cleared this long after it closes. */
const DIALOG_CLEAR_DELAY_MS = 200;

/** What a plan card shows for one period: the static plan of spec §9, or the server's live prices. */
interface CardVariant {
  productId: string;
  price: string;
  regularPrice: string | null;
  priceSuffix: string;
  description: string;
  features: string[];
  isFounderPrice: boolean;
}

interface CardPlan {
  id: string;
  name: string;
  monthly: CardVariant;
  yearly: CardVariant | null;
  buttonText: string;
  buttonVariant: 'primary' | 'outline';
  recommended: boolean;
  currentProductId: string | null;
}

/** The plans as printed before the pricing table arrives (founder prices of spec §9). */
function fromStaticPlan(plan: PricingPlan): CardPlan {
  const toVariant = (variant: NonNullable<PricingPlan['yearly']>): CardVariant => ({
    productId: variant.productId,
    price: variant.price,
    regularPrice: variant.regularPrice ?? null,
    priceSuffix: variant.priceSuffix,
    description: variant.description,
    features: variant.features,
    isFounderPrice: variant.regularPrice !== undefined,
  });
  return {
    id: plan.id,
    name: plan.name,
    monthly: toVariant(plan.monthly),
    yearly: plan.yearly ? toVariant(plan.yearly) : null,
    buttonText: plan.buttonText,
    buttonVariant: plan.buttonVariant,
    recommended: plan.recommended,
    currentProductId: null,
  };
}

/** The plans with the prices that apply now: founder prices only while founder places are left. */
export function toCardPlans(table: PricingTable | undefined): CardPlan[] {
  if (!table) return PRICING_PLANS.map(fromStaticPlan);
  return table.list.map((item) => {
    const toVariant = (variant: PricingTable['list'][number]['monthly']): CardVariant => ({
      productId: variant.product_id,
      price: variant.price,
      regularPrice: variant.regular_price,
      priceSuffix: variant.price_suffix,
      description: variant.description,
      features: variant.features,
      isFounderPrice: variant.is_founder_price,
    });
    return {
      id: item.id,
      name: item.name,
      monthly: toVariant(item.monthly),
      yearly: item.yearly ? toVariant(item.yearly) : null,
      buttonText: item.button_text,
      buttonVariant: item.button_variant,
      recommended: item.recommended,
      currentProductId: item.current_product_id,
    };
  });
}

/**
 * The pricing section (spec §2, §4, §9): Monthly/Yearly toggle with its 'Save 15%' badge, the plans
 * with the prices that apply now, and the purchase: guests get the sign-in alert; a signed-in user's
 * choice is checked first, a plan change opens the product-change dialog, and the attach sends the
 * browser to the checkout.
 */
export function PricingSection() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const { user, isLoading: isSessionLoading } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const pricingTable = usePricingTable(user !== null, { enabled: !isSessionLoading });
  const plans = toCardPlans(pricingTable.data);
  const founder = pricingTable.data?.founder ?? null;
  const [pendingProduct, setPendingProduct] = useState<string | null>(null);
  const [preview, setPreview] = useState<CheckPreview | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clearTimer.current), []);
  const { hash } = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // The section's code loads after the page (a lazy chunk), so a link to /#pricing from another
    // screen finds no #pricing to scroll to when it lands; the section scrolls itself into view.
    if (hash === `#${landingAnchors.pricing}`) sectionRef.current?.scrollIntoView?.();
    // Only on arrival: later changes of the hash are the browser's own anchor jumps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const closeDialog = () => {
    setIsDialogOpen(false);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setPreview(null), DIALOG_CLEAR_DELAY_MS);
  };

  const attach = async (productId: string) => {
    const result = await attachProduct(productId);
    // Spec §4: after an attach the pricing table and customer data are read again; a failure
    // there is only a warning (spec §8).
    Promise.all([
      queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY }),
    ]).catch((error: unknown) => console.warn('Billing refetch after attach failed', error));
    if (result.checkout_url) goToUrl(result.checkout_url, navigate);
    else console.warn('Billing attach returned no checkout URL');
  };

  const purchase = async (productId: string) => {
    if (!user) {
      window.alert(AUTH_MESSAGES.purchaseSignInRequired);
      return;
    }
    setPendingProduct(productId);
    try {
      const check = await checkProduct(productId);
      if (check.preview) {
        clearTimeout(clearTimer.current);
        setPreview(check.preview);
        setIsDialogOpen(true);
        return;
      }
      await attach(productId);
    } catch (error) {
      reportError('Billing attach failed', error);
      window.alert(AUTH_MESSAGES.purchaseFailed);
    } finally {
      setPendingProduct(null);
    }
  };

  const confirmChange = async () => {
    if (!preview) return;
    setPendingProduct(preview.product_id);
    try {
      await attach(preview.product_id);
      closeDialog();
    } catch (error) {
      reportError('Billing attach failed', error);
      closeDialog();
      window.alert(AUTH_MESSAGES.purchaseFailed);
    } finally {
      setPendingProduct(null);
    }
  };

  return (
    <section
      ref={sectionRef}
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
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              period={period}
              isPending={pendingProduct !== null}
              onPurchase={(productId) => void purchase(productId)}
            />
          ))}
        </ul>

        <p className="mx-auto mt-10 max-w-2xl rounded-xl bg-amber-50 px-5 py-4 text-center text-sm leading-6 text-amber-900 ring-1 ring-amber-200">
          <Crown className="mr-1.5 inline size-4 align-[-2px]" aria-hidden />
          {founder && !founder.is_open ? (
            <>
              <strong>Founder pricing is sold out:</strong> all {founder.limit} founder places are
              taken, so new subscriptions pay the regular price. Founders keep their{' '}
              {founder.percent_off}% discount.
            </>
          ) : (
            <>
              <strong>Founder pricing:</strong> the first{' '}
              {founder?.limit ?? FOUNDER_OFFER.subscriptions} subscribers keep a permanent{' '}
              {founder?.percent_off ?? FOUNDER_OFFER.percentOff}% discount for as long as they stay
              subscribed.
              {founder && (
                <>
                  {' '}
                  <span className="font-semibold">
                    {founder.remaining} of {founder.limit} places left.
                  </span>
                </>
              )}
            </>
          )}
        </p>
      </div>
      {preview && (
        <Suspense fallback={null}>
          <ProductChangeDialog
            preview={preview}
            open={isDialogOpen}
            isPending={pendingProduct !== null}
            onConfirm={() => void confirmChange()}
            onOpenChange={(open) => {
              if (!open) closeDialog();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

function PlanCard({
  plan,
  period,
  isPending,
  onPurchase,
}: {
  plan: CardPlan;
  period: BillingPeriod;
  isPending: boolean;
  onPurchase: (productId: string) => void;
}) {
  const githubExport = useGithubExport();
  const variant = (period === 'yearly' && plan.yearly) || plan.monthly;
  const headingId = `plan-${plan.id}`;
  const isCurrent = plan.currentProductId === variant.productId;
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
      {variant.isFounderPrice && (
        <p className="mt-1 text-xs font-medium text-amber-700">Founder price, kept for good</p>
      )}
      {period === 'yearly' && !plan.yearly && (
        <p className="mt-1 text-xs text-slate-500">One-time purchase — no yearly plan.</p>
      )}
      <Button
        variant={plan.buttonVariant}
        className="mt-6 w-full"
        disabled={isPending || isCurrent}
        onClick={() => onPurchase(variant.productId)}
      >
        {isCurrent ? 'Your current plan' : plan.buttonText}
      </Button>
      <ul className="mt-6 space-y-3 text-sm text-slate-700">
        {variant.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
            {feature === GITHUB_FEATURE && !githubExport
              ? `${GITHUB_FEATURE} (not enabled on this server)`
              : feature}
          </li>
        ))}
      </ul>
    </li>
  );
}
