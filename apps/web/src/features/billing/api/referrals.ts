import { redeemReferralResultSchema, referralCodeSchema } from '@sitelift/shared/billing/api';
import type { ReferralCode } from '@sitelift/shared/billing/api';
import { billingRequest } from './billing-request';

/** The user's referral code, created on first use (`POST /api/billing/referrals/code`). */
export function createReferralCode(): Promise<ReferralCode> {
  return billingRequest('/api/billing/referrals/code', {
    method: 'POST',
    schema: referralCodeSchema,
  });
}

/** Redeems someone's referral code: a credit to both sides, once per account. */
export async function redeemReferralCode(code: string): Promise<number> {
  const result = await billingRequest('/api/billing/referrals/redeem', {
    method: 'POST',
    body: { code },
    schema: redeemReferralResultSchema,
  });
  return result.credits_granted;
}
