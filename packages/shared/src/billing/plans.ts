/** The Scale plan's API access: not built yet, 'In development' on the roadmap too (issue 22). */
export const API_ACCESS_FEATURE = 'API access';
/** The Freelancer plan's GitHub feature; the pricing card says when a server has it off (issue 22). */
export const GITHUB_FEATURE = 'GitHub integration';

/** Billing period of a plan variant (the pricing toggle). */
export type BillingPeriod = 'monthly' | 'yearly';

/** How often a variant is paid: once, every month or every year. */
export type BillingInterval = 'month' | 'year' | null;

/** One purchasable variant of a plan (spec §3 'Pricing plan', §9 'Plans and prices'). */
export interface PlanVariant {
  /** Stable product id of spec §9 (it names the founder price; the price charged is `currentAmount`). */
  productId: string;
  /** Regular price in US cents (what subscribers after the first 250 pay); absent for Single Refresh. */
  regularAmount?: number;
  /** The founder price in US cents (30 % below regular), or the one price of a one-time product. */
  founderAmount: number;
  /** The regular price as printed ('$99'), absent for Single Refresh. */
  regularPrice?: string;
  /** The founder price as printed ('$69'). */
  price: string;
  /** 'one-time', '/month' or '/year'. */
  priceSuffix: string;
  interval: BillingInterval;
  /** Credits granted per paid period (once for one-time products). */
  credits: number;
  description: string;
  features: string[];
}

/** A plan card (spec §3 'Pricing plan'). */
export interface PricingPlan {
  /** Stable key of the plan. */
  id: 'single_refresh' | 'freelancer' | 'agency' | 'scale';
  name: string;
  monthly: PlanVariant;
  /** Absent for Single Refresh. */
  yearly?: PlanVariant;
  buttonText: string;
  buttonVariant: 'primary' | 'outline';
  recommended: boolean;
  /** The most pages one run rebuilds for a customer of this plan (issue 24, decision record 052). */
  pagesPerSite: number;
}

/** Pages one run rebuilds for a user who has never paid (the sign-up credit, referral credits). */
export const FREE_PAGES_PER_SITE = 25;

/** The pricing card's line for a plan's page limit. */
export function pagesPerSiteFeature(pages: number): string {
  return `Up to ${pages.toLocaleString('en-US')} pages per site`;
}

/** The founder offer (spec §1, §9): the first 250 subscriptions sold pay 30 % below regular, for good. */
export const FOUNDER_OFFER = { subscriptions: 250, percentOff: 30 } as const;

/** The money-back guarantee: a subscriber may ask for a refund within this many days of the first payment. */
export const GUARANTEE_DAYS = 14;

/** Referral credits a referrer can receive in all (issue 22). */
export const REFERRER_CREDIT_CAP = 20;

/** The referral rule as the billing page states it (docs/decisions/036-refund-and-referral-rules.md). */
export const REFERRAL_RULE = `Share your code: a friend who redeems it from a verified account gets a credit at once, and you get one when they first pay or complete a project (up to ${REFERRER_CREDIT_CAP} credits in all). Each person can redeem one code.`;

/**
 * The guarantee's rule as the pricing FAQ and the refund dialog state it (issue 22,
 * docs/decisions/036-refund-and-referral-rules.md): once per customer, the unspent credits of the
 * refunded payment leave the balance, and a subscription taken after a refund has no guarantee.
 */
export const GUARANTEE_RULE = `Within ${GUARANTEE_DAYS} days of your first subscription payment you can ask for your money back from the billing page. The latest payment is refunded in full, the plan ends at once, and the credits of that payment you have not spent are removed from your balance. The guarantee is given once per customer: a subscription taken after a refund has no guarantee.`;

/** Currency of every price. */
export const BILLING_CURRENCY = 'usd';

/** The plans of spec §9. */
export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'single_refresh',
    name: 'Single Refresh',
    monthly: {
      productId: 'prod_payg_19',
      founderAmount: 1900,
      price: '$19',
      priceSuffix: 'one-time',
      interval: null,
      credits: 1,
      description: 'One site, one credit. Ideal to try Sitelift on a real project.',
      features: [
        '1 credit (one site)',
        pagesPerSiteFeature(200),
        'Style modernization',
        'Responsive React + Tailwind output',
        'Zip download',
        'Community support',
      ],
    },
    buttonText: 'Buy One Credit',
    buttonVariant: 'outline',
    recommended: false,
    pagesPerSite: 200,
  },
  {
    id: 'freelancer',
    name: 'Freelancer',
    monthly: {
      productId: 'prod_sub_freelancer_69',
      regularAmount: 9900,
      founderAmount: 6900,
      regularPrice: '$99',
      price: '$69',
      priceSuffix: '/month',
      interval: 'month',
      credits: 15,
      description: 'For freelancers turning legacy client sites into retainers.',
      features: [
        '15 credits per month',
        pagesPerSiteFeature(200),
        'All modernization strategies',
        'Advanced SEO',
        GITHUB_FEATURE,
        'Unused credits roll over',
      ],
    },
    yearly: {
      productId: 'prod_sub_freelancer_690',
      regularAmount: 99000,
      founderAmount: 69000,
      regularPrice: '$990',
      price: '$690',
      priceSuffix: '/year',
      interval: 'year',
      credits: 180,
      description: 'For freelancers turning legacy client sites into retainers.',
      features: [
        '180 credits per year',
        pagesPerSiteFeature(200),
        'All modernization strategies',
        'Advanced SEO',
        GITHUB_FEATURE,
        'Unused credits roll over',
      ],
    },
    buttonText: 'Become a Founder',
    buttonVariant: 'primary',
    recommended: true,
    pagesPerSite: 200,
  },
  {
    id: 'agency',
    name: 'Agency',
    monthly: {
      productId: 'prod_sub_agency_249',
      regularAmount: 34900,
      founderAmount: 24900,
      regularPrice: '$349',
      price: '$249',
      priceSuffix: '/month',
      interval: 'month',
      credits: 65,
      description: 'For agencies running modernization as a service line.',
      features: [
        '65 credits per month',
        pagesPerSiteFeature(300),
        'Everything in Freelancer',
        'Credit rollover',
        'Dedicated support',
      ],
    },
    yearly: {
      productId: 'prod_sub_agency_2490',
      regularAmount: 349000,
      founderAmount: 249000,
      regularPrice: '$3,490',
      price: '$2,490',
      priceSuffix: '/year',
      interval: 'year',
      credits: 780,
      description: 'For agencies running modernization as a service line.',
      features: [
        '780 credits per year',
        pagesPerSiteFeature(300),
        'Everything in Freelancer',
        'Credit rollover',
        'Dedicated support',
      ],
    },
    buttonText: 'Choose Agency',
    buttonVariant: 'outline',
    recommended: false,
    pagesPerSite: 300,
  },
  {
    id: 'scale',
    name: 'Scale',
    monthly: {
      productId: 'prod_sub_scale_499',
      regularAmount: 69900,
      founderAmount: 49900,
      regularPrice: '$699',
      price: '$499',
      priceSuffix: '/month',
      interval: 'month',
      credits: 200,
      description: 'For teams modernizing whole portfolios of sites.',
      features: [
        '200 credits per month',
        pagesPerSiteFeature(500),
        'Everything in Agency',
        API_ACCESS_FEATURE,
        '1-on-1 onboarding',
      ],
    },
    yearly: {
      productId: 'prod_sub_scale_4900',
      regularAmount: 699000,
      founderAmount: 490000,
      regularPrice: '$6,990',
      price: '$4,900',
      priceSuffix: '/year',
      interval: 'year',
      credits: 2400,
      description: 'For teams modernizing whole portfolios of sites.',
      features: [
        '2,400 credits per year',
        pagesPerSiteFeature(500),
        'Everything in Agency',
        API_ACCESS_FEATURE,
        '1-on-1 onboarding',
      ],
    },
    buttonText: 'Choose Scale',
    buttonVariant: 'outline',
    recommended: false,
    pagesPerSite: 500,
  },
];

/** A purchasable product: one variant of one plan. */
export interface BillingProduct extends PlanVariant {
  planId: PricingPlan['id'];
  planName: string;
  period: BillingPeriod;
  /** True for subscriptions (monthly or yearly), false for the one-time Single Refresh. */
  isSubscription: boolean;
}

/** Every purchasable product, one per plan variant. */
export const BILLING_PRODUCTS: readonly BillingProduct[] = PRICING_PLANS.flatMap((plan) =>
  (['monthly', 'yearly'] as const).flatMap((period) => {
    const variant = plan[period];
    if (!variant) return [];
    return [
      {
        ...variant,
        planId: plan.id,
        planName: plan.name,
        period,
        isSubscription: variant.interval !== null,
      },
    ];
  }),
);

/** The product with this id, or undefined. */
export function findBillingProduct(productId: string): BillingProduct | undefined {
  return BILLING_PRODUCTS.find((product) => product.productId === productId);
}

/**
 * The price a new buyer pays now, in cents: the founder price while fewer than 250 subscriptions have
 * been sold, the regular price after (one-time products have one price).
 */
export function getCurrentAmount(product: PlanVariant, subscriptionsSold: number): number {
  if (product.regularAmount === undefined) return product.founderAmount;
  return isFounderOfferOpen(subscriptionsSold) ? product.founderAmount : product.regularAmount;
}

/** True while the founder price is offered to new subscribers. */
export function isFounderOfferOpen(subscriptionsSold: number): boolean {
  return subscriptionsSold < FOUNDER_OFFER.subscriptions;
}

/** Cents as the cards print them: 249000 → '$2,490', 1950 → '$19.50'. */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return `$${dollars.toLocaleString('en-US', {
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/**
 * The most pages one run rebuilds for a customer who holds or bought `productIds` (issue 24): the
 * largest limit of their plans, or {@link FREE_PAGES_PER_SITE} when they have none.
 */
export function pagesPerSiteFor(productIds: Iterable<string>): number {
  let pages = FREE_PAGES_PER_SITE;
  for (const productId of productIds) {
    const product = findBillingProduct(productId);
    const plan = PRICING_PLANS.find((candidate) => candidate.id === product?.planId);
    if (plan) pages = Math.max(pages, plan.pagesPerSite);
  }
  return pages;
}

/** Plans whose subscribers may create and use API keys (issue 26): the spec sells API access on Scale. */
export const API_ACCESS_PLAN_IDS: readonly PricingPlan['id'][] = ['scale'];

/** The product ids (monthly and yearly) of the plans that include API access. */
export const API_ACCESS_PRODUCT_IDS: readonly string[] = PRICING_PLANS.filter((plan) =>
  API_ACCESS_PLAN_IDS.includes(plan.id),
).flatMap((plan) => [plan.monthly.productId, ...(plan.yearly ? [plan.yearly.productId] : [])]);
