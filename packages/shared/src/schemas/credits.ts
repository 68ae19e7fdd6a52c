import { z } from 'zod';

/** Why a credit-ledger entry exists. */
export const CREDIT_REASONS = [
  'signup',
  'project',
  'retry',
  'refund',
  'purchase',
  'grant',
] as const;

/** One ledger entry as GET /api/me/credits?entries=true sends it (newest first). */
export const creditEntrySchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: z.enum(CREDIT_REASONS),
  project_id: z.string().nullable(),
  job_id: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});

/** One ledger entry. */
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/** GET /api/me/credits: the balance; with `?entries=true` also the newest 50 entries. */
export const creditsResponseSchema = z.object({
  balance: z.number().int(),
  entries: z.array(creditEntrySchema).optional(),
});

/** GET /api/me/credits answer. */
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;
