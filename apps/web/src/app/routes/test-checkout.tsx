import { useParams } from 'react-router';
import { TestCheckoutPage } from '../../features/billing/components/test-checkout-page';

/** /billing/test-checkout/:sessionId — the local test-mode checkout (no Stripe key set). */
export function TestCheckoutRoute() {
  const { sessionId = '' } = useParams();
  return (
    <>
      <title>Test checkout — Sitelift</title>
      <TestCheckoutPage key={sessionId} sessionId={sessionId} />
    </>
  );
}
