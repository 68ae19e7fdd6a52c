import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BookOpen, Copy, ExternalLink, KeyRound, Plus } from 'lucide-react';
import { AUTH_MESSAGES } from '@sitelift/shared/messages';
import {
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  createApiKeyBodySchema,
  type ApiKey,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@sitelift/shared/schemas/api-keys';
import { PRICING_URL } from '@sitelift/shared/schemas/project';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import { API_KEYS_QUERY_KEY, createApiKey, revokeApiKey, useApiKeys } from '../api/api-keys';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(value: string | null): string | null {
  if (value === null) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * Profile → API keys (issue 26): create a key with a name and scopes (the key is shown once, with a
 * copy button), the active keys with prefix, scopes, creation and last use, and Revoke with a confirm.
 * Without the Scale plan the screen says so and offers the plans.
 */
export function ApiKeySettings() {
  const query = useApiKeys();
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <section
      aria-labelledby="api-keys-title"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2
            id="api-keys-title"
            className="flex items-center gap-2 text-base font-semibold text-slate-900"
          >
            <KeyRound className="size-4 text-brand-600" aria-hidden />
            {API_KEY_MESSAGES.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{API_KEY_MESSAGES.intro}</p>
        </div>
        <a
          href="/api/v1/docs"
          target="_blank"
          rel="noreferrer"
          className="inline-flex shrink-0 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          <BookOpen className="size-4" aria-hidden />
          {API_KEY_MESSAGES.reference}
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      </div>
      {query.isPending ? (
        <p className="mt-4 text-sm text-slate-500" role="status">
          {AUTH_MESSAGES.loading}
        </p>
      ) : query.isError ? (
        <Alert tone="error" className="mt-4">
          {getErrorMessage(query.error, API_KEY_MESSAGES.loadFailed)}
        </Alert>
      ) : (
        <>
          {query.data.api_access ? (
            <CreateApiKeyForm onNotice={setNotice} />
          ) : (
            <div className="mt-4 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-amber-900">
                  {API_KEY_MESSAGES.planRequired}
                </p>
                <p className="mt-0.5 text-sm text-amber-800">{API_KEY_MESSAGES.planRequiredHint}</p>
              </div>
              <a
                href={PRICING_URL}
                className="inline-flex h-9 shrink-0 items-center justify-center rounded-lg bg-slate-900 px-3 text-sm font-semibold text-white shadow-sm hover:bg-slate-800"
              >
                {API_KEY_MESSAGES.seePlans}
              </a>
            </div>
          )}
          {notice && (
            <Alert tone={notice.tone} className="mt-4">
              {notice.text}
            </Alert>
          )}
          <ApiKeyList keys={query.data.items} onNotice={setNotice} />
        </>
      )}
    </section>
  );
}

function CreateApiKeyForm({ onNotice }: { onNotice: (notice: Notice | null) => void }) {
  const queryClient = useQueryClient();
  const keyFieldId = useId();
  const scopesId = useId();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copyNotice, setCopyNotice] = useState<Notice | null>(null);
  const form = useForm<CreateApiKeyBody>({
    resolver: zodResolver(createApiKeyBodySchema),
    defaultValues: { name: '', scopes: ['read'] },
  });
  const { errors } = form.formState;
  const create = useMutation({
    mutationFn: (body: CreateApiKeyBody) => createApiKey(body),
    onMutate: () => {
      onNotice(null);
      setCopyNotice(null);
    },
    onSuccess: (key) => {
      setCreated(key);
      form.reset({ name: '', scopes: ['read'] });
      void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
    onError: (error) => {
      reportError('Creating an API key failed', error);
      onNotice({ tone: 'error', text: getErrorMessage(error, API_KEY_MESSAGES.createFailed) });
    },
  });

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      setCopyNotice({ tone: 'success', text: API_KEY_MESSAGES.copied });
    } catch {
      setCopyNotice({ tone: 'error', text: API_KEY_MESSAGES.copyFailed });
    }
  };

  return (
    <>
      <form
        aria-label={API_KEY_MESSAGES.create}
        noValidate
        className="mt-5 rounded-xl border border-slate-200 bg-slate-50/60 p-4"
        onSubmit={form.handleSubmit((values) => create.mutate(values))}
      >
        <FormField
          label={API_KEY_MESSAGES.nameLabel}
          placeholder={API_KEY_MESSAGES.namePlaceholder}
          maxLength={API_KEY_NAME_MAX_LENGTH}
          autoComplete="off"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <fieldset
          className="mt-4"
          aria-describedby={errors.scopes ? `${scopesId}-error` : undefined}
        >
          <legend className="text-sm font-medium text-slate-700">
            {API_KEY_MESSAGES.scopesLabel}
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {API_KEY_SCOPES.map((scope) => (
              <label
                key={scope}
                className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-200 bg-white p-3 has-[:checked]:border-brand-300 has-[:checked]:bg-brand-50/60"
              >
                <input
                  type="checkbox"
                  value={scope}
                  aria-label={API_KEY_SCOPE_LABELS[scope].label}
                  aria-describedby={`${scopesId}-${scope}`}
                  className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  {...form.register('scopes')}
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">
                    {API_KEY_SCOPE_LABELS[scope].label}
                  </span>
                  <span id={`${scopesId}-${scope}`} className="mt-0.5 block text-xs text-slate-600">
                    {API_KEY_SCOPE_LABELS[scope].description}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.scopes && (
            <p id={`${scopesId}-error`} className="mt-1.5 text-sm text-red-700" role="alert">
              {errors.scopes.message ?? errors.scopes.root?.message}
            </p>
          )}
        </fieldset>
        <div className="mt-4 flex justify-end">
          <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
            <Plus className="size-4" aria-hidden />
            {create.isPending ? API_KEY_MESSAGES.creating : API_KEY_MESSAGES.create}
          </Button>
        </div>
      </form>

      {created && (
        <div className="mt-4 rounded-xl border border-brand-200 bg-brand-50/60 p-4">
          <label htmlFor={keyFieldId} className="text-sm font-semibold text-slate-900">
            {API_KEY_MESSAGES.newKeyLabel} · {created.name}
          </label>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <input
              id={keyFieldId}
              readOnly
              value={created.key}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 font-mono text-xs text-slate-800"
            />
            <Button variant="secondary" onClick={() => void copy(created.key)}>
              <Copy className="size-4" aria-hidden />
              {API_KEY_MESSAGES.copy}
            </Button>
          </div>
          <p className="mt-2 text-xs text-slate-600">{API_KEY_MESSAGES.shownOnce}</p>
          {copyNotice && (
            <Alert tone={copyNotice.tone} className="mt-3">
              {copyNotice.text}
            </Alert>
          )}
          <div className="mt-3 flex justify-end">
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setCreated(null);
                setCopyNotice(null);
              }}
            >
              {API_KEY_MESSAGES.done}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}

function ApiKeyList({
  keys,
  onNotice,
}: {
  keys: ApiKey[];
  onNotice: (notice: Notice | null) => void;
}) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const listId = useId();
  const revoke = useMutation({
    mutationFn: (id: string) => revokeApiKey(id),
    onMutate: () => onNotice(null),
    onSuccess: () => {
      onNotice({ tone: 'success', text: API_KEY_MESSAGES.revoked });
      void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
    onError: (error) => {
      reportError('Revoking an API key failed', error);
      onNotice({ tone: 'error', text: getErrorMessage(error, API_KEY_MESSAGES.revokeFailed) });
    },
  });

  const onRevoke = async (key: ApiKey) => {
    const isConfirmed = await confirm({
      title: API_KEY_MESSAGES.revokeTitle(key.name),
      description: API_KEY_MESSAGES.revokeDescription,
      confirmLabel: API_KEY_MESSAGES.revokeConfirm,
      tone: 'danger',
    });
    if (isConfirmed) revoke.mutate(key.id);
  };

  return (
    <div className="mt-6">
      <h3 id={listId} className="text-sm font-semibold text-slate-900">
        {API_KEY_MESSAGES.activeKeys}
      </h3>
      {keys.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{API_KEY_MESSAGES.noKeys}</p>
      ) : (
        <ul
          aria-labelledby={listId}
          className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200"
        >
          {keys.map((key) => (
            <li
              key={key.id}
              className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="truncate text-sm font-semibold text-slate-900">{key.name}</span>
                  <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
                    {key.prefix}…
                  </code>
                </div>
                <div className="mt-1.5 flex flex-wrap gap-1.5">
                  {key.scopes.map((scope) => (
                    <span
                      key={scope}
                      className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200 ring-inset"
                    >
                      {API_KEY_SCOPE_LABELS[scope].label}
                    </span>
                  ))}
                </div>
                <p className="mt-1.5 text-xs text-slate-600">
                  {API_KEY_MESSAGES.created(formatDate(key.created_at) ?? key.created_at)} ·{' '}
                  {API_KEY_MESSAGES.lastUsed(formatDate(key.last_used_at))}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                className="shrink-0 self-start border-red-200 text-red-700 hover:border-red-300 hover:bg-red-50 hover:text-red-800 sm:self-center"
                disabled={revoke.isPending}
                aria-label={API_KEY_MESSAGES.revokeLabel(key.name)}
                onClick={() => void onRevoke(key)}
              >
                {API_KEY_MESSAGES.revoke}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
