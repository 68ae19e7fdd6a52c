import { describe, expect, it } from 'vitest';
import {
  BILLING_PRODUCTS,
  FOUNDER_OFFER,
  FREE_PAGES_PER_SITE,
  GUARANTEE_DAYS,
  PRICING_PLANS,
  findBillingProduct,
  formatUsd,
  getCurrentAmount,
  pagesPerSiteFeature,
  pagesPerSiteFor,
} from './plans';

// Spec §9 'Plans and prices', row by row: plan, product id, regular and founder ("now") price in
// dollars, credits per period.
const SPEC_TABLE = [
  ['Single Refresh', 'monthly', 'prod_payg_19', null, 19, 1, null],
  ['Freelancer', 'monthly', 'prod_sub_freelancer_69', 99, 69, 15, 'month'],
  ['Freelancer', 'yearly', 'prod_sub_freelancer_690', 990, 690, 180, 'year'],
  ['Agency', 'monthly', 'prod_sub_agency_249', 349, 249, 65, 'month'],
  ['Agency', 'yearly', 'prod_sub_agency_2490', 3490, 2490, 780, 'year'],
  ['Scale', 'monthly', 'prod_sub_scale_499', 699, 499, 200, 'month'],
  ['Scale', 'yearly', 'prod_sub_scale_4900', 6990, 4900, 2400, 'year'],
] as const;

describe('the plans of spec §9', () => {
  it('has the four plans in order, Freelancer recommended with "Become a Founder"', () => {
    expect(PRICING_PLANS.map((plan) => plan.name)).toEqual([
      'Single Refresh',
      'Freelancer',
      'Agency',
      'Scale',
    ]);
    const recommended = PRICING_PLANS.filter((plan) => plan.recommended);
    expect(recommended.map((plan) => [plan.name, plan.buttonText, plan.buttonVariant])).toEqual([
      ['Freelancer', 'Become a Founder', 'primary'],
    ]);
    expect(PRICING_PLANS[0]?.yearly).toBeUndefined();
  });

  it.each(SPEC_TABLE)(
    '%s %s: %s, regular $%s, now $%s, %s credits',
    (planName, period, productId, regular, now, credits, interval) => {
      const plan = PRICING_PLANS.find((item) => item.name === planName);
      const variant = plan?.[period];
      expect(variant).toBeDefined();
      expect(variant?.productId).toBe(productId);
      expect(variant?.founderAmount).toBe(now * 100);
      expect(variant?.price).toBe(formatUsd(now * 100));
      expect(variant?.regularAmount).toBe(regular === null ? undefined : regular * 100);
      expect(variant?.regularPrice).toBe(regular === null ? undefined : formatUsd(regular * 100));
      expect(variant?.credits).toBe(credits);
      expect(variant?.interval).toBe(interval);
      expect(variant?.priceSuffix).toBe(
        interval === null ? 'one-time' : interval === 'month' ? '/month' : '/year',
      );
      expect(variant?.description.length).toBeGreaterThan(0);
      expect(variant?.features.length).toBeGreaterThan(0);
      expect(findBillingProduct(productId)?.planName).toBe(planName);
    },
  );

  it('lists every product once', () => {
    expect(BILLING_PRODUCTS.map((product) => product.productId).sort()).toEqual(
      SPEC_TABLE.map((row) => row[2]).sort(),
    );
  });

  it('prints prices like the cards', () => {
    expect(formatUsd(249000)).toBe('$2,490');
    expect(formatUsd(490000)).toBe('$4,900');
    expect(formatUsd(1950)).toBe('$19.50');
  });

  it('charges the founder price to the first 250 subscriptions and the regular price after', () => {
    const freelancer = findBillingProduct('prod_sub_freelancer_69');
    if (!freelancer) throw new Error('missing');
    expect(FOUNDER_OFFER).toEqual({ subscriptions: 250, percentOff: 30 });
    expect(getCurrentAmount(freelancer, 0)).toBe(6900);
    expect(getCurrentAmount(freelancer, 249)).toBe(6900);
    expect(getCurrentAmount(freelancer, 250)).toBe(9900);
    const payg = findBillingProduct('prod_payg_19');
    if (!payg) throw new Error('missing');
    expect(getCurrentAmount(payg, 1000)).toBe(1900);
    expect(GUARANTEE_DAYS).toBe(14);
  });
});

describe('pages per site (issue 24)', () => {
  it('gives the free limit to a user without a plan and the largest plan limit otherwise', () => {
    expect(pagesPerSiteFor([])).toBe(FREE_PAGES_PER_SITE);
    expect(pagesPerSiteFor(['prod_unknown'])).toBe(FREE_PAGES_PER_SITE);
    expect(pagesPerSiteFor(['prod_payg_19'])).toBe(200);
    expect(pagesPerSiteFor(['prod_payg_19', 'prod_sub_agency_2490'])).toBe(300);
    expect(pagesPerSiteFor(['prod_sub_scale_499'])).toBe(500);
  });

  it('states every plan variant its page limit on the pricing card', () => {
    for (const plan of PRICING_PLANS) {
      expect(plan.pagesPerSite).toBeGreaterThanOrEqual(200);
      for (const variant of [plan.monthly, plan.yearly]) {
        if (variant) expect(variant.features).toContain(pagesPerSiteFeature(plan.pagesPerSite));
      }
    }
    expect(pagesPerSiteFeature(500)).toBe('Up to 500 pages per site');
  });
});
