import type { CreditsResponse } from '@sitelift/shared/schemas/credits';
import { getCreditBalance, grantSignupCredit, listCreditEntries } from '../db/credits.repository';
import type { AppDb } from '../db/database';

/** The user's balance (accounts older than the ledger get their sign-up credit here, once). */
export async function getCredits(
  db: AppDb,
  userId: string,
  options: { entries?: boolean; limit?: number; before?: number } = {},
): Promise<CreditsResponse> {
  await grantSignupCredit(db, userId);
  const balance = await getCreditBalance(db, userId);
  if (!options.entries) return { balance };
  const limit = options.limit ?? 50;
  // One more than asked tells whether an older page exists.
  const rows = await listCreditEntries(db, userId, limit + 1, options.before);
  const entries = rows.slice(0, limit);
  const last = entries.at(-1);
  return { balance, entries, next_cursor: rows.length > limit && last ? last.id : null };
}
