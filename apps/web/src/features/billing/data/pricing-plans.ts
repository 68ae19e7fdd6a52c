/** Billing period of the pricing toggle. */
export type BillingPeriod = 'monthly' | 'yearly';

/** One price of a plan (spec §3 Pricing plan). */
export interface PlanVariant {
  regularPrice?: string;
  price: string;
  priceSuffix: string;
  productId: string;
  description: string;
  features: string[];
}

/** A plan card on the landing page. */
export interface PricingPlan {
  name: string;
  monthly: PlanVariant;
  /** Absent for Single Refresh. */
  yearly?: PlanVariant;
  buttonText: string;
  buttonVariant: 'primary' | 'outline';
  recommended: boolean;
}

/** The plans of spec §9. */
export const PRICING_PLANS: PricingPlan[] = [
  {
    name: 'Single Refresh',
    monthly: {
      price: '$19',
      priceSuffix: 'one-time',
      productId: 'prod_payg_19',
      description: 'One site, one credit. Ideal to try Sitelift on a real project.',
      features: [
        '1 credit (one site)',
        'Style modernization',
        'Responsive React + Tailwind output',
        'Zip download',
        'Community support',
      ],
    },
    buttonText: 'Buy One Credit',
    buttonVariant: 'outline',
    recommended: false,
  },
  {
    name: 'Freelancer',
    monthly: {
      regularPrice: '$99',
      price: '$69',
      priceSuffix: '/month',
      productId: 'prod_sub_freelancer_69',
      description: 'For freelancers turning legacy client sites into retainers.',
      features: [
        '15 credits per month',
        'All modernization strategies',
        'Advanced SEO',
        'GitHub integration',
        'Unused credits roll over',
      ],
    },
    yearly: {
      regularPrice: '$990',
      price: '$690',
      priceSuffix: '/year',
      productId: 'prod_sub_freelancer_690',
      description: 'For freelancers turning legacy client sites into retainers.',
      features: [
        '180 credits per year',
        'All modernization strategies',
        'Advanced SEO',
        'GitHub integration',
        'Unused credits roll over',
      ],
    },
    buttonText: 'Become a Founder',
    buttonVariant: 'primary',
    recommended: true,
  },
  {
    name: 'Agency',
    monthly: {
      regularPrice: '$349',
      price: '$249',
      priceSuffix: '/month',
      productId: 'prod_sub_agency_249',
      description: 'For agencies running modernization as a service line.',
      features: [
        '65 credits per month',
        'Everything in Freelancer',
        'Credit rollover',
        'Dedicated support',
      ],
    },
    yearly: {
      regularPrice: '$3,490',
      price: '$2,490',
      priceSuffix: '/year',
      productId: 'prod_sub_agency_2490',
      description: 'For agencies running modernization as a service line.',
      features: [
        '780 credits per year',
        'Everything in Freelancer',
        'Credit rollover',
        'Dedicated support',
      ],
    },
    buttonText: 'Choose Agency',
    buttonVariant: 'outline',
    recommended: false,
  },
  {
    name: 'Scale',
    monthly: {
      regularPrice: '$699',
      price: '$499',
      priceSuffix: '/month',
      productId: 'prod_sub_scale_499',
      description: 'For teams modernizing whole portfolios of sites.',
      features: [
        '200 credits per month',
        'Everything in Agency',
        'API access',
        '1-on-1 onboarding',
      ],
    },
    yearly: {
      regularPrice: '$6,990',
      price: '$4,900',
      priceSuffix: '/year',
      productId: 'prod_sub_scale_4900',
      description: 'For teams modernizing whole portfolios of sites.',
      features: [
        '2,400 credits per year',
        'Everything in Agency',
        'API access',
        '1-on-1 onboarding',
      ],
    },
    buttonText: 'Choose Scale',
    buttonVariant: 'outline',
    recommended: false,
  },
];

/** The founder offer (spec §1, §9). */
export const FOUNDER_DISCOUNT = { subscribers: 250, percent: 30 } as const;
/** The refund guarantee (spec §9). */
export const GUARANTEE_DAYS = 14;
