import { useId, useState, type FormEvent } from 'react';
import { ChevronDown, Plus, RefreshCw, Trash2, Webhook } from 'lucide-react';
import {
  createWebhookBodySchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from '@sitelift/shared/schemas/webhooks';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query-client';
import {
  createWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  useWebhooks,
  WEBHOOKS_QUERY_KEY,
} from '../api/webhooks';
import { DeliveryLog } from './delivery-log';
import { SecretReveal } from './secret-reveal';

const CARD = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** The form that adds an endpoint: URL, optional description and the events it receives. */
function AddEndpointForm({ onAdded }: { onAdded: (created: WebhookEndpointWithSecret) => void }) {
  const queryClient = useQueryClient();
  const legendId = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['project.completed', 'project.failed']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const add = useMutation({
    mutationFn: createWebhook,
    onSuccess: (created) => {
      setUrl('');
      setDescription('');
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
      onAdded(created);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createWebhookBodySchema.safeParse({
      url,
      events,
      description: description || undefined,
    });
    if (!parsed.success) {
      const next: { url?: string; events?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'events' ? 'events' : 'url';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    add.mutate(parsed.data);
  };
  return (
    <section aria-labelledby="add-endpoint-title" className={CARD}>
      <h2
        id="add-endpoint-title"
        className="flex items-center gap-2 text-base font-semibold text-slate-900"
      >
        <Plus className="size-5 text-brand-600" aria-hidden /> Add an endpoint
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <FormField
          label="Endpoint URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/sitelift"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={errors.url}
          hint="A public https:// address of your server. Private and local addresses are refused."
        />
        <FormField
          label="Description (optional)"
          placeholder="Deploy pipeline"
          value={description}
          maxLength={200}
          onChange={(event) => setDescription(event.target.value)}
        />
        <fieldset aria-describedby={errors.events ? `${legendId}-error` : undefined}>
          <legend id={legendId} className="text-sm font-medium text-slate-700">
            Events
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((name) => (
              <label
                key={name}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 hover:border-slate-300 has-[:checked]:border-brand-300 has-[:checked]:bg-brand-50/50"
              >
                <input
                  type="checkbox"
                  checked={events.includes(name)}
                  onChange={(event) =>
                    setEvents((current) =>
                      event.target.checked
                        ? [...current, name]
                        : current.filter((item) => item !== name),
                    )
                  }
                  className="mt-0.5 size-4 shrink-0 accent-brand-600"
                />
                <span className="min-w-0">
                  <span className="block font-mono text-xs font-semibold text-slate-900">
                    {name}
                  </span>
                  <span className="block text-xs text-slate-600">{WEBHOOK_EVENT_LABELS[name]}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.events && (
            <p id={`${legendId}-error`} className="mt-1.5 text-sm text-red-600">
              {errors.events}
            </p>
          )}
        </fieldset>
        {add.isError && (
          <Alert tone="error">
            {getErrorMessage(add.error, 'The endpoint could not be added. Try again.')}
          </Alert>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={add.isPending} className="w-full sm:w-auto">
            {add.isPending ? 'Adding…' : 'Add endpoint'}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** One endpoint: its URL, events, recent counts, rotate, delete and the delivery log. */
function EndpointCard({
  endpoint,
  onRotated,
}: {
  endpoint: WebhookEndpoint;
  onRotated: (rotated: WebhookEndpointWithSecret) => void;
}) {
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
  const rotate = useMutation({
    mutationFn: () => rotateWebhookSecret(endpoint.id),
    onSuccess: (rotated) => {
      setConfirm(null);
      void refresh();
      onRotated(rotated);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteWebhook(endpoint.id),
    onSuccess: () => {
      setConfirm(null);
      void refresh();
    },
  });
  const logId = `webhook-log-${endpoint.id}`;
  return (
    <li className={CARD}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold break-all text-slate-900">{endpoint.url}</p>
          {endpoint.description && (
            <p className="mt-0.5 text-sm text-slate-600">{endpoint.description}</p>
          )}
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Events">
            {endpoint.events.map((name) => (
              <li
                key={name}
                className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700"
              >
                {name}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={() => setConfirm('rotate')}>
            <RefreshCw className="size-3.5" aria-hidden /> Rotate secret
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setConfirm('delete')}
            aria-label={`Delete ${endpoint.url}`}
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
          >
            <Trash2 className="size-4" aria-hidden /> Delete
          </Button>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <p className="text-sm text-slate-600">
          Last 24 hours:{' '}
          <span className="font-medium text-emerald-700">
            {endpoint.recent.delivered} delivered
          </span>
          {' · '}
          <span className="font-medium text-amber-800">{endpoint.recent.pending} retrying</span>
          {' · '}
          <span className="font-medium text-red-700">{endpoint.recent.failed} failed</span>
        </p>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((shown) => !shown)}
        >
          Delivery log
          <ChevronDown
            className={`size-4 transition-transform ${showLog ? 'rotate-180' : ''}`}
            aria-hidden
          />
        </Button>
      </div>
      {showLog && (
        <div id={logId}>
          <DeliveryLog endpointId={endpoint.id} />
        </div>
      )}
      {(rotate.isError || remove.isError) && (
        <Alert tone="error" className="mt-4">
          {getErrorMessage(rotate.error ?? remove.error, 'That did not work. Try again.')}
        </Alert>
      )}
      <ConfirmDialog
        open={confirm === 'rotate'}
        onOpenChange={(open) => !open && setConfirm(null)}
        onConfirm={() => rotate.mutate()}
        isConfirming={rotate.isPending}
        title="Rotate the signing secret?"
        description="A new secret is made and shown once. The current one keeps signing for 24 hours, so your receiver can switch without missing a message."
        confirmLabel="Rotate secret"
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        onConfirm={() => remove.mutate()}
        isConfirming={remove.isPending}
        title="Delete this endpoint?"
        description="Sitelift stops sending to it at once, and its delivery log is deleted."
        confirmLabel="Delete endpoint"
        tone="danger"
      />
    </li>
  );
}

/** /webhooks: add endpoints, see the secret once, rotate it, read each delivery log, redeliver. */
export function WebhooksScreen() {
  const endpoints = useWebhooks();
  const [revealed, setRevealed] = useState<{
    secret: string;
    url: string;
    isRotation: boolean;
  } | null>(null);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          <Webhook className="size-7 text-brand-600" aria-hidden /> Webhooks
        </h1>
        <p className="mt-2 max-w-2xl text-sm text-slate-600">
          Sitelift sends a signed JSON message to your server when a project or a batch ends, or
          when your credits run low. Messages follow Standard Webhooks: check the{' '}
          <code className="rounded bg-slate-100 px-1 font-mono text-xs">webhook-signature</code>{' '}
          header with your secret and any Standard Webhooks library. Failed deliveries are retried
          for 24 hours.
        </p>
      </header>
      {revealed && (
        <SecretReveal
          secret={revealed.secret}
          url={revealed.url}
          isRotation={revealed.isRotation}
          onDone={() => setRevealed(null)}
        />
      )}
      <AddEndpointForm
        onAdded={(created) =>
          setRevealed({ secret: created.secret, url: created.url, isRotation: false })
        }
      />
      <section aria-labelledby="endpoints-title">
        <h2 id="endpoints-title" className="text-lg font-semibold text-slate-900">
          Your endpoints
        </h2>
        {endpoints.isPending ? (
          <Spinner className="mt-4 text-brand-600" label="Loading endpoints" />
        ) : endpoints.isError ? (
          <Alert tone="error" className="mt-4">
            {getErrorMessage(endpoints.error, 'Your endpoints could not be loaded.')}
          </Alert>
        ) : endpoints.data.length === 0 ? (
          <p className="mt-3 rounded-2xl border border-dashed border-slate-300 px-5 py-8 text-center text-sm text-slate-600">
            No endpoints yet. Add one above to receive your first webhook.
          </p>
        ) : (
          <ul className="mt-3 space-y-4">
            {endpoints.data.map((endpoint) => (
              <EndpointCard
                key={endpoint.id}
                endpoint={endpoint}
                onRotated={(rotated) =>
                  setRevealed({ secret: rotated.secret, url: rotated.url, isRotation: true })
                }
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
