import { RotateCw } from 'lucide-react';
import {
  WEBHOOK_DELIVERY_RETENTION_DAYS,
  type WebhookDelivery,
} from '@sitelift/shared/schemas/webhooks';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query-client';
import { cn } from '../../../utils/cn';
import { redeliverWebhook, useWebhookDeliveries, WEBHOOKS_QUERY_KEY } from '../api/webhooks';

const STATUS_STYLE: Record<WebhookDelivery['status'], { label: string; className: string }> = {
  delivered: { label: 'Delivered', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  pending: { label: 'Retrying', className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-800 ring-red-200' },
};

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function describeAnswer(delivery: WebhookDelivery): string {
  if (delivery.status === 'delivered') {
    return `${delivery.last_status_code ?? 200}${delivery.last_duration_ms === null ? '' : ` in ${delivery.last_duration_ms} ms`}`;
  }
  if (delivery.last_error) return delivery.last_error;
  return 'Not sent yet';
}

/** An endpoint's newest deliveries with their state and a Redeliver button each. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const queryClient = useQueryClient();
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) => redeliverWebhook(endpointId, deliveryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });

  if (deliveries.isPending) {
    return <Spinner className="mt-4 text-brand-600" label="Loading deliveries" />;
  }
  if (deliveries.isError) {
    return (
      <Alert tone="error" className="mt-4">
        {getErrorMessage(deliveries.error, 'The delivery log could not be loaded.')}
      </Alert>
    );
  }
  if (deliveries.data.length === 0) {
    return (
      <p className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
        No deliveries yet. They appear here when one of the chosen events happens.
      </p>
    );
  }
  return (
    <div className="mt-4">
      {redeliver.isError && (
        <Alert tone="error" className="mb-3">
          {getErrorMessage(redeliver.error, 'The message could not be queued again.')}
        </Alert>
      )}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {deliveries.data.map((delivery) => {
          const status =
            delivery.status === 'pending' && delivery.attempts === 0
              ? { ...STATUS_STYLE.pending, label: 'Queued' }
              : STATUS_STYLE[delivery.status];
          return (
            <li
              key={delivery.id}
              className="grid gap-2 px-4 py-3 text-sm sm:grid-cols-[minmax(0,11rem)_6.5rem_minmax(0,1fr)_auto] sm:items-center sm:gap-4"
            >
              <div className="min-w-0">
                <p className="truncate font-mono text-xs font-semibold text-slate-900">
                  {delivery.event_type}
                </p>
                <p className="text-xs text-slate-500">
                  {TIME.format(new Date(delivery.created_at))}
                </p>
              </div>
              <div>
                <span
                  className={cn(
                    'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
                    status.className,
                  )}
                >
                  {status.label}
                </span>
              </div>
              <div className="min-w-0 text-slate-700">
                <p className="break-words">{describeAnswer(delivery)}</p>
                <p className="text-xs text-slate-500">
                  {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
                  {delivery.next_attempt_at &&
                    ` · next ${TIME.format(new Date(delivery.next_attempt_at))}`}
                </p>
              </div>
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={delivery.status === 'pending' || redeliver.isPending}
                  onClick={() => redeliver.mutate(delivery.id)}
                  aria-label={`Redeliver ${delivery.event_type} of ${TIME.format(new Date(delivery.created_at))}`}
                >
                  <RotateCw className="size-3.5" aria-hidden /> Redeliver
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-slate-500">
        Deliveries are kept for {WEBHOOK_DELIVERY_RETENTION_DAYS} days.
      </p>
    </div>
  );
}
