import { useState, type FormEvent } from 'react';
import { CheckCircle2, Cloud, Unplug } from 'lucide-react';
import {
  hostingConnectBodySchema,
  type HostingConnection,
  type HostingSettings as Settings,
} from '@sitelift/shared/schemas/hosting';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { useQueryClient } from '../../../lib/query-client';
import {
  connectHosting,
  disconnectHosting,
  HOSTING_SETTINGS_QUERY_KEY,
  useHostingSettings,
} from '../api/hosting';

/** The section's texts (tests and the e2e spec read them). */
export const HOSTING_SETTINGS_TEXT = {
  title: 'Hosting',
  intro:
    'Connect a static host with a token of your account to deploy rebuilt sites there in one click. Sitelift checks the token with the host, stores it encrypted and never shows it again.',
  connect: 'Connect',
  disconnect: 'Disconnect',
  claimable:
    'Claimable deploys are offered here too: no account needed, the site’s owner claims the site with a link.',
  none: 'This server does not offer one-click deploys.',
} as const;

/** Where each host makes a token, in words. */
const TOKEN_HINTS: Record<HostingConnection['provider'], string> = {
  netlify: 'Netlify → User settings → Applications → Personal access tokens.',
  vercel: 'Vercel → Account settings → Tokens.',
  cloudflare: 'Cloudflare → My Profile → API Tokens, with “Cloudflare Pages: Edit”.',
};

function ConnectForm({
  connection,
  onSaved,
}: {
  connection: HostingConnection;
  onSaved: (settings: Settings) => void;
}) {
  const [token, setToken] = useState('');
  const [accountId, setAccountId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = hostingConnectBodySchema.safeParse({
      token,
      ...(connection.provider === 'cloudflare' && accountId ? { account_id: accountId } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the token.');
      return;
    }
    setError(null);
    setIsSaving(true);
    try {
      onSaved(await connectHosting(connection.provider, parsed.data));
      setToken('');
      setAccountId('');
    } catch (caught) {
      setError(getErrorMessage(caught, 'The token could not be checked. Try again.'));
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3 space-y-3">
      <div
        className={
          connection.provider === 'cloudflare' ? 'grid gap-3 sm:grid-cols-[2fr_1fr]' : undefined
        }
      >
        <FormField
          label={`${connection.label} token`}
          type="password"
          autoComplete="off"
          revealable
          value={token}
          onChange={(event) => setToken(event.target.value)}
          hint={TOKEN_HINTS[connection.provider]}
          error={error ?? undefined}
        />
        {connection.provider === 'cloudflare' && (
          <FormField
            label="Account ID (optional)"
            value={accountId}
            onChange={(event) => setAccountId(event.target.value)}
            hint="Default: the token’s first account."
          />
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={isSaving}>
          {isSaving ? 'Checking...' : HOSTING_SETTINGS_TEXT.connect}
        </Button>
      </div>
    </form>
  );
}

function ProviderRow({
  connection,
  onChanged,
}: {
  connection: HostingConnection;
  onChanged: (settings: Settings) => void;
}) {
  const [isRemoving, setIsRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onDisconnect = async () => {
    setIsRemoving(true);
    setError(null);
    try {
      onChanged(await disconnectHosting(connection.provider));
    } catch (caught) {
      setError(getErrorMessage(caught, 'The connection could not be removed. Try again.'));
    } finally {
      setIsRemoving(false);
    }
  };
  return (
    <li
      className="rounded-xl border border-slate-200 p-4"
      aria-label={connection.label}
      data-provider={connection.provider}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <Cloud className="size-4 text-slate-500" aria-hidden /> {connection.label}
          </p>
          {connection.connected ? (
            <p className="mt-1 flex items-center gap-1.5 text-sm break-all text-emerald-700">
              <CheckCircle2 className="size-4 shrink-0" aria-hidden />
              Connected as {connection.account}
              {connection.token_last4 && (
                <span className="font-mono text-slate-500">
                  {' '}
                  (token ends in {connection.token_last4})
                </span>
              )}
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-600">Not connected</p>
          )}
        </div>
        {connection.connected && (
          <Button
            size="sm"
            variant="outline"
            disabled={isRemoving}
            onClick={() => void onDisconnect()}
            aria-label={`${HOSTING_SETTINGS_TEXT.disconnect} ${connection.label}`}
          >
            <Unplug className="size-4" aria-hidden /> {HOSTING_SETTINGS_TEXT.disconnect}
          </Button>
        )}
      </div>
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
      {!connection.connected && <ConnectForm connection={connection} onSaved={onChanged} />}
    </li>
  );
}

/** Settings → Hosting (issue 27): connect Netlify, Vercel or Cloudflare Pages with a token. */
export function HostingSettings() {
  const queryClient = useQueryClient();
  const settings = useHostingSettings();
  const onChanged = (next: Settings) => queryClient.setQueryData(HOSTING_SETTINGS_QUERY_KEY, next);
  const providers = settings.data?.providers ?? [];
  return (
    <section
      aria-labelledby="hosting-settings-title"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="hosting-settings-title" className="text-base font-semibold text-slate-900">
        {HOSTING_SETTINGS_TEXT.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{HOSTING_SETTINGS_TEXT.intro}</p>
      {settings.isPending && (
        <p className="mt-4 text-sm text-slate-500" role="status">
          Loading...
        </p>
      )}
      {settings.isError && (
        <Alert tone="error" className="mt-4">
          {getErrorMessage(settings.error, 'The hosting settings could not be loaded.')}
        </Alert>
      )}
      {settings.isSuccess && providers.length === 0 && (
        <p className="mt-4 text-sm text-slate-600">{HOSTING_SETTINGS_TEXT.none}</p>
      )}
      {providers.some((provider) => provider.claimable) && (
        <p className="mt-3 text-sm text-slate-600">{HOSTING_SETTINGS_TEXT.claimable}</p>
      )}
      {providers.length > 0 && (
        <ul className="mt-4 space-y-3">
          {providers.map((connection) => (
            <ProviderRow key={connection.provider} connection={connection} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </section>
  );
}
