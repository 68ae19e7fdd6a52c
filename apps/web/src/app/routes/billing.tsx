import { BillingOverview } from '../../features/billing/components/billing-overview';

/** /billing — credits, the current plan (portal, cancel, 14-day refund) and referrals. */
export function BillingRoute() {
  return (
    <>
      <title>Billing — Sitelift</title>
      <BillingOverview />
    </>
  );
}
