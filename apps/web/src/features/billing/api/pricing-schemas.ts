// The pricing section is on the landing page's first load, so its answers are checked with zod/mini
// (a few kB) rather than the full zod of @sitelift/shared/billing/api, which these schemas mirror. The
// type annotations fail the type check when the shared contract changes shape.
import * as z from 'zod/mini';
import type { AttachResult, CheckResult, PricingTable } from '@sitelift/shared/billing/api';

const intervalSchema = z.nullable(z.enum(['month', 'year']));

const variantSchema = z.object({
  product_id: z.string(),
  price: z.string(),
  regular_price: z.nullable(z.string()),
  amount: z.number(),
  regular_amount: z.nullable(z.number()),
  currency: z.string(),
  price_suffix: z.string(),
  interval: intervalSchema,
  credits: z.number(),
  description: z.string(),
  features: z.array(z.string()),
  is_founder_price: z.boolean(),
});

/** `GET /api/billing/pricing_table` data. */
export const pricingTableMiniSchema: z.ZodMiniType<PricingTable> = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      monthly: variantSchema,
      yearly: z.nullable(variantSchema),
      button_text: z.string(),
      button_variant: z.enum(['primary', 'outline']),
      recommended: z.boolean(),
      current_product_id: z.nullable(z.string()),
    }),
  ),
  founder: z.object({
    limit: z.number(),
    sold: z.number(),
    remaining: z.number(),
    is_open: z.boolean(),
    percent_off: z.number(),
  }),
  test_mode: z.boolean(),
});

/** `POST /api/billing/attach` data. */
export const attachResultMiniSchema: z.ZodMiniType<AttachResult> = z.object({
  checkout_url: z.nullable(z.string()),
  customer_id: z.string(),
  product_id: z.string(),
  session_id: z.nullable(z.string()),
});

/** `POST /api/billing/check` data (with the product-change dialog's preview). */
export const checkResultMiniSchema: z.ZodMiniType<CheckResult> = z.object({
  allowed: z.boolean(),
  customer_id: z.string(),
  product_id: z.string(),
  status: z.enum(['new', 'active', 'change']),
  preview: z.nullable(
    z.object({
      scenario: z.enum(['upgrade', 'downgrade', 'switch']),
      title: z.string(),
      message: z.string(),
      product_id: z.string(),
      product_name: z.string(),
      current_product_id: z.string(),
      current_product_name: z.string(),
      price: z.string(),
      amount: z.number(),
      currency: z.string(),
      interval: intervalSchema,
      credits: z.number(),
      current_period_end: z.nullable(z.string()),
    }),
  ),
});
