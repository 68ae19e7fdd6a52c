import type { CreditsResponse } from '@sitelift/shared/schemas/credits';
import { getCreditBalance, grantSignupCredit, listCreditEntries } from '../db/credits.repository';
import type { AppDb } from '../db/database';

/** The user's balance (accounts older than the ledger get their sign-up credit here, once). */
export async function getCredits(
  db: AppDb,
  userId: string,
  options: { entries?: boolean } = {},
): Promise<CreditsResponse> {
  await grantSignupCredit(db, userId);
  const balance = await getCreditBalance(db, userId);
  if (!options.entries) return { balance };
  return { balance, entries: await listCreditEntries(db, userId) };
}
