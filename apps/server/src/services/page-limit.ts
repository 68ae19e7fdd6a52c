import { pagesPerSiteFor } from '@sitelift/shared/billing/plans';
import { listPaidProductIds } from '../db/billing.repository';
import type { AppDb } from '../db/database';

/**
 * The most pages one run rebuilds for `userId` (issue 24, docs/decisions/052): their plan's limit
 * (the largest of the plans they hold or paid for, the free limit before a first payment), under
 * the operator's ceiling `MAX_PAGES` when one is set.
 */
export async function pageLimitForUser(
  db: AppDb,
  userId: string,
  ceiling: number | undefined,
): Promise<number> {
  const pages = pagesPerSiteFor(await listPaidProductIds(db, userId));
  return ceiling === undefined ? pages : Math.min(ceiling, pages);
}
