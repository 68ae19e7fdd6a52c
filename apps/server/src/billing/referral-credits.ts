import { REFERRER_CREDIT_CAP } from '@sitelift/shared/billing/plans';
import {
  countCreditedRedemptions,
  findUncreditedRedemption,
  hasPaidOrCompleted,
  markRedemptionQualified,
} from '../db/billing.repository';
import { bookLedgerEntry, lockUserForCredits } from '../db/credits.repository';
import type { AppDb } from '../db/database';

/** Credits each side of a referral receives. */
export const REFERRAL_CREDITS = 1;

/**
 * The mailbox behind an address, for "one referral per person": lower case, without a `+tag`, and for
 * Gmail without dots (`J.Doe+x@googlemail.com` and `jdoe@gmail.com` are one inbox).
 */
export function toMailbox(email: string): string {
  const [rawLocal = '', rawDomain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const domain = rawDomain === 'googlemail.com' ? 'gmail.com' : rawDomain;
  let local = rawLocal.split('+')[0] ?? '';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/**
 * Gives the referrer of `redeemerUserId` their credit once the redeemer counts (docs/decisions/036):
 * first payment or first completed project, at most REFERRER_CREDIT_CAP credits per referrer, once per
 * redemption (ledger key `referral:referrer:<redemption>`). Runs in the caller's transaction; a no-op
 * when nothing is due.
 */
export async function settleReferralCredit(tx: AppDb, redeemerUserId: string, now: Date) {
  const redemption = await findUncreditedRedemption(tx, redeemerUserId);
  if (!redemption || redemption.qualifiedAt) return;
  if (!(await hasPaidOrCompleted(tx, redeemerUserId))) return;
  // One referrer's credits one after the other, so the cap holds.
  await lockUserForCredits(tx, redemption.referrerUserId);
  const credited = await countCreditedRedemptions(tx, redemption.referrerUserId);
  const underCap = credited * REFERRAL_CREDITS < REFERRER_CREDIT_CAP;
  if (underCap) {
    await bookLedgerEntry(tx, {
      userId: redemption.referrerUserId,
      idempotencyKey: `referral:referrer:${redemption.id}`,
      delta: REFERRAL_CREDITS,
      reason: 'referral',
      detail: redemption.code,
    });
  }
  await markRedemptionQualified(tx, redemption.id, { qualifiedAt: now, credited: underCap });
}
