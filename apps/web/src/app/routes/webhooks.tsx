import { WebhooksScreen } from '../../features/webhooks/components/webhooks-screen';

/** /webhooks — endpoints, their secret shown once, rotation, delivery logs and Redeliver (issue 26). */
export function WebhooksRoute() {
  return (
    <>
      <title>Webhooks — Sitelift</title>
      <WebhooksScreen />
    </>
  );
}
