import { z } from 'zod';

/** Why a credit-ledger entry exists. */
export const CREDIT_REASONS = [
  'signup',
  'project',
  'retry',
  'refund',
  'purchase',
  'grant',
  // Issue 13: billing and re-runs.
  'subscription',
  'referral',
  'rerun',
  'payment_refund',
  // Issue 22: refunds and disputes made outside the app; the credit of a project deleted while it ran.
  'payment_reversal',
  'deletion_refund',
] as const;

/** A ledger reason. */
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** How the credit history labels each reason. */
export const CREDIT_REASON_LABELS: Record<CreditReason, string> = {
  signup: 'Free credit for your first site',
  project: 'New project',
  retry: 'Retry of a project',
  refund: 'Refund: the project failed',
  purchase: 'Single Refresh purchase',
  grant: 'Credits granted',
  subscription: 'Subscription credits',
  referral: 'Referral bonus',
  rerun: 'Re-run of a project',
  payment_refund: 'Unused credits removed: subscription refunded',
  payment_reversal: 'Credits removed: the payment was refunded or disputed',
  deletion_refund: 'Refund: the project was deleted before it finished',
};

/** One ledger entry as GET /api/me/credits?entries=true sends it (newest first). */
export const creditEntrySchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: z.enum(CREDIT_REASONS),
  project_id: z.string().nullable(),
  /** The project's name, also after the project was deleted (null for entries of no project). */
  project_name: z.string().nullable(),
  job_id: z.string().nullable(),
  /** A product id for purchases and subscription credits, the code for referral credits, else null. */
  detail: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});

/** One ledger entry. */
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/**
 * GET /api/me/credits: the balance; with `?entries=true` also the newest entries (`limit`, default 50),
 * older ones with `before=<next_cursor>`.
 */
export const creditsResponseSchema = z.object({
  balance: z.number().int(),
  entries: z.array(creditEntrySchema).optional(),
  /** The `before` of the next page, or null when these are the oldest entries. */
  next_cursor: z.number().int().nullable().optional(),
});

/** GET /api/me/credits answer. */
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;
