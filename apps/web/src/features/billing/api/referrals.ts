import * as z from 'zod/mini';
import { billingRequest } from './billing-request';

const codeSchema = z.looseObject({ code: z.string() });

/** The user's referral code, created on first use (`POST /api/billing/referrals/code`). */
export async function createReferralCode(): Promise<string> {
  const result = await billingRequest('/api/billing/referrals/code', {
    method: 'POST',
    body: {},
    schema: codeSchema,
  });
  return result.code;
}

/** Redeems someone's referral code: a credit to both sides, once per account. */
export async function redeemReferralCode(code: string): Promise<void> {
  await billingRequest('/api/billing/referrals/redeem', {
    method: 'POST',
    body: { code },
    schema: z.unknown(),
  });
}
