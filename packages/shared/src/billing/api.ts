import { z } from 'zod';

// The billing API of DESIGN.md §4: snake_case keys, every answer `{ data, error, statusCode }` where
// `error` is null on success and `{ message, code }` on failure (spec §7 'Billing', §8 'Billing').

/** Error codes of the billing API with their HTTP status and message (spec §8 'Billing'). */
export const BILLING_ERRORS = {
  unauthorized: { status: 401, message: 'Please sign in to make a purchase.' },
  invalid_request: { status: 400, message: 'The request is not valid.' },
  product_not_found: { status: 404, message: 'This product does not exist.' },
  failed_to_fetch_pricing_table_products: {
    status: 500,
    message: 'Failed to fetch pricing table products',
  },
  customer_not_found: { status: 404, message: 'No billing customer exists for this account.' },
  entity_fetch_failed: { status: 404, message: 'Failed to fetch entity' },
  entity_already_exists: { status: 409, message: 'An entity with this id already exists.' },
  product_already_attached: { status: 409, message: 'You already have this plan.' },
  no_active_subscription: { status: 404, message: 'You have no active subscription.' },
  refund_window_closed: {
    status: 409,
    message: 'The 14-day refund guarantee applies only within 14 days of the first payment.',
  },
  refund_already_used: {
    status: 409,
    message:
      'The 14-day refund guarantee applies once per customer, and this account has already used it.',
  },
  feature_not_tracked: {
    status: 400,
    message:
      'Credits are spent by the server when a project runs; they cannot be tracked by the client.',
  },
  referral_email_not_verified: {
    status: 403,
    message: 'Verify your email address before redeeming a referral code.',
  },
  referral_code_not_found: { status: 404, message: 'This referral code does not exist.' },
  referral_code_own: { status: 422, message: 'You cannot redeem your own referral code.' },
  referral_already_redeemed: {
    status: 409,
    message:
      'This account, or another one of the same email inbox, has already redeemed a referral code.',
  },
  checkout_session_not_found: { status: 404, message: 'This checkout session does not exist.' },
  checkout_session_closed: { status: 409, message: 'This checkout session is already closed.' },
  webhook_signature_invalid: { status: 400, message: 'The webhook signature is not valid.' },
  billing_not_configured: {
    status: 503,
    message: 'Purchases are not available: no payment provider is configured.',
  },
  provider_error: { status: 502, message: 'The payment provider could not be reached.' },
  internal_error: { status: 500, message: 'Something went wrong. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

/** A billing error code. */
export type BillingErrorCode = keyof typeof BILLING_ERRORS;

/** The `error` member of a failed billing answer. */
export const billingErrorSchema = z.object({ message: z.string(), code: z.string() });

/** The envelope of every billing answer around `data`. */
export function billingResponseSchema<T extends z.ZodType>(data: T) {
  return z.object({
    data: data.nullable(),
    error: billingErrorSchema.nullable(),
    statusCode: z.number().int(),
  });
}

/** A failed billing answer. */
export const billingFailureSchema = billingResponseSchema(z.null());

const productIdSchema = z.string().trim().min(1).max(100);
const entityIdSchema = z.string().trim().min(1).max(100);
/** Free data a client may send with every POST (spec §7: customer_data); kept for the customer row. */
const customerDataSchema = z
  .object({ name: z.string().max(200).optional(), email: z.string().max(320).optional() })
  .loose()
  .optional();

/** One price of a plan card as it applies now. */
export const pricingTableVariantSchema = z.object({
  product_id: z.string(),
  /** The price charged now, printed ('$69'). */
  price: z.string(),
  /** The struck-through regular price while the founder price applies; null otherwise. */
  regular_price: z.string().nullable(),
  amount: z.number().int(),
  regular_amount: z.number().int().nullable(),
  currency: z.string(),
  price_suffix: z.string(),
  interval: z.enum(['month', 'year']).nullable(),
  credits: z.number().int(),
  description: z.string(),
  features: z.array(z.string()),
  /** True when `amount` is the founder price. */
  is_founder_price: z.boolean(),
});

/** One plan of the pricing table. */
export const pricingTableItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  monthly: pricingTableVariantSchema,
  yearly: pricingTableVariantSchema.nullable(),
  button_text: z.string(),
  button_variant: z.enum(['primary', 'outline']),
  recommended: z.boolean(),
  /** The signed-in user's current product of this plan, if any. */
  current_product_id: z.string().nullable(),
});

/** GET /api/billing/pricing_table data. */
export const pricingTableSchema = z.object({
  list: z.array(pricingTableItemSchema),
  founder: z.object({
    limit: z.number().int(),
    sold: z.number().int(),
    remaining: z.number().int(),
    /** True while new subscribers get the founder price. */
    is_open: z.boolean(),
    percent_off: z.number().int(),
  }),
  test_mode: z.boolean(),
});
/** The pricing table. */
export type PricingTable = z.infer<typeof pricingTableSchema>;

/** POST /api/billing/attach body. */
export const attachBodySchema = z.object({
  product_id: productIdSchema,
  entity_id: entityIdSchema.optional(),
  customer_data: customerDataSchema,
});
/** An attach request. */
export type AttachBody = z.infer<typeof attachBodySchema>;

/** POST /api/billing/attach data: where to send the browser (null when nothing is to pay). */
export const attachResultSchema = z.object({
  checkout_url: z.string().nullable(),
  customer_id: z.string(),
  product_id: z.string(),
  session_id: z.string().nullable(),
});
/** An attach answer. */
export type AttachResult = z.infer<typeof attachResultSchema>;

/** POST /api/billing/check body. */
export const checkBodySchema = z.object({
  product_id: productIdSchema,
  entity_id: entityIdSchema.optional(),
  entity_data: z.record(z.string(), z.unknown()).optional(),
  with_preview: z.boolean().optional(),
  customer_data: customerDataSchema,
});
/** A check request. */
export type CheckBody = z.infer<typeof checkBodySchema>;

/** The product-change dialog's content (spec §4 'Billing dialog flow'). */
export const checkPreviewSchema = z.object({
  scenario: z.enum(['upgrade', 'downgrade', 'switch']),
  title: z.string(),
  message: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  current_product_id: z.string(),
  current_product_name: z.string(),
  price: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  interval: z.enum(['month', 'year']).nullable(),
  credits: z.number().int(),
  /** When the current subscription ends (it is cancelled at the end of its paid period). */
  current_period_end: z.iso.datetime({ offset: true }).nullable(),
});
/** The product-change preview. */
export type CheckPreview = z.infer<typeof checkPreviewSchema>;

/** POST /api/billing/check data: `preview` is set when buying would change the current plan. */
export const checkResultSchema = z.object({
  allowed: z.boolean(),
  customer_id: z.string(),
  product_id: z.string(),
  /** 'new' (no plan), 'active' (this is the current plan), 'change' (another plan is active). */
  status: z.enum(['new', 'active', 'change']),
  preview: checkPreviewSchema.nullable(),
});
/** A check answer. */
export type CheckResult = z.infer<typeof checkResultSchema>;

/** POST /api/billing/cancel body. */
export const cancelBodySchema = z.object({
  product_id: productIdSchema,
  entity_id: entityIdSchema.optional(),
  customer_data: customerDataSchema,
});

/** POST /api/billing/cancel data: the plan ends at the end of its paid period; credits stay. */
export const cancelResultSchema = z.object({
  customer_id: z.string(),
  product_id: z.string(),
  cancel_at_period_end: z.boolean(),
  current_period_end: z.iso.datetime({ offset: true }).nullable(),
});

/** POST /api/billing/track body. */
export const trackBodySchema = z.object({
  feature_id: z.string().trim().min(1).max(100),
  value: z.number().optional(),
  entity_id: entityIdSchema.optional(),
  customer_data: customerDataSchema,
});

/** POST /api/billing/billing_portal body. */
export const billingPortalBodySchema = z.object({
  return_url: z.string().max(2048).optional(),
  customer_data: customerDataSchema,
});

/** POST /api/billing/billing_portal data. */
export const billingPortalResultSchema = z.object({ url: z.string() });

/** POST /api/billing/customers body. */
export const customersBodySchema = z.object({
  expand: z.array(z.string()).optional(),
  error_on_not_found: z.boolean().optional(),
  customer_data: customerDataSchema,
});

/** A plan the customer has or had. */
export const customerProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** active (also while it ends at period end: see cancel_at_period_end), canceled, refunded. */
  status: z.enum(['active', 'canceled', 'refunded']),
  cancel_at_period_end: z.boolean(),
  canceled_at: z.iso.datetime({ offset: true }).nullable(),
  interval: z.enum(['month', 'year']).nullable(),
  amount: z.number().int(),
  currency: z.string(),
  is_founder_price: z.boolean(),
  credits_per_period: z.number().int(),
  started_at: z.iso.datetime({ offset: true }),
  current_period_end: z.iso.datetime({ offset: true }).nullable(),
  /** Last moment of the 14-day guarantee, or null when it no longer applies. */
  refundable_until: z.iso.datetime({ offset: true }).nullable(),
});
/** A plan of the customer. */
export type CustomerProduct = z.infer<typeof customerProductSchema>;

/** POST /api/billing/customers data. */
export const customerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  products: z.array(customerProductSchema),
  features: z.object({ credits: z.object({ balance: z.number().int() }) }),
  referral_code: z.string().nullable(),
  has_redeemed_referral: z.boolean(),
  test_mode: z.boolean(),
});
/** The billing customer. */
export type Customer = z.infer<typeof customerSchema>;

/** POST /api/billing/entities body. */
export const createEntityBodySchema = z.object({
  id: entityIdSchema,
  name: z.string().trim().max(200).optional(),
  feature_id: z.string().trim().max(100).optional(),
  customer_data: customerDataSchema,
});

/** A billing entity (a sub-account of the customer, e.g. a client site or a seat). */
export const entitySchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  name: z.string().nullable(),
  feature_id: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
/** A billing entity. */
export type Entity = z.infer<typeof entitySchema>;

/** DELETE /api/billing/entities/:id data. */
export const deleteEntityResultSchema = z.object({ id: z.string(), deleted: z.literal(true) });

/** POST /api/billing/referrals/code data: the caller's code (created on first call). */
export const referralCodeSchema = z.object({
  code: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  redemptions: z.number().int(),
});
/** A referral code with its redemptions. */
export type ReferralCode = z.infer<typeof referralCodeSchema>;

/** POST /api/billing/referrals/redeem body. */
export const redeemReferralBodySchema = z.object({
  code: z.string().trim().min(1).max(64),
  customer_data: customerDataSchema,
});

/** POST /api/billing/referrals/redeem data. */
export const redeemReferralResultSchema = z.object({
  code: z.string(),
  credits_granted: z.number().int(),
  balance: z.number().int(),
});

/** POST /api/billing/refund body (the 14-day guarantee); the product defaults to the active plan. */
export const refundBodySchema = z.object({
  product_id: productIdSchema.optional(),
  customer_data: customerDataSchema,
});

/** POST /api/billing/refund data. */
export const refundResultSchema = z.object({
  product_id: z.string(),
  refunded_amount: z.number().int(),
  currency: z.string(),
  credits_removed: z.number().int(),
  balance: z.number().int(),
});
/** A refund answer. */
export type RefundResult = z.infer<typeof refundResultSchema>;

/** GET /api/billing/test_checkout/:session_id data (the local test-mode checkout page). */
export const testCheckoutSessionSchema = z.object({
  session_id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  /** Credits the payment grants (per period for subscriptions). */
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  interval: z.enum(['month', 'year']).nullable(),
  status: z.enum(['open', 'complete', 'canceled']),
  test_mode: z.literal(true),
});
/** A test-mode checkout session. */
export type TestCheckoutSession = z.infer<typeof testCheckoutSessionSchema>;

/** POST /api/billing/test_checkout/:session_id/{complete,cancel} data. */
export const testCheckoutResultSchema = z.object({ redirect_url: z.string() });

/** Where the browser lands after a checkout. */
export const CHECKOUT_RETURN_PATHS = {
  success: '/dashboard?checkout=success',
  canceled: '/dashboard?checkout=canceled',
} as const;

/** The local test-mode checkout page of a session. */
export function toTestCheckoutPath(sessionId: string): string {
  return `/billing/test-checkout/${encodeURIComponent(sessionId)}`;
}
