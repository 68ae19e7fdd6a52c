import { useState } from 'react';
import { Laptop, LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { SECURITY_MESSAGES } from '@sitelift/shared/messages';
import type { AccountSession } from '@sitelift/shared/schemas/account';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-client';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import {
  SESSIONS_QUERY_KEY,
  signOutOtherSessions,
  signOutSession,
  useAccountSessions,
} from '../api/security';

const ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, unknown: Laptop } as const;

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", or the date. */
export function formatLastActive(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 90) return 'Active now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `Active ${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `Active ${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  if (days < 14) return `Active ${days} day${days === 1 ? '' : 's'} ago`;
  return `Active ${new Date(iso).toLocaleDateString()}`;
}

function deviceName(session: AccountSession): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser ?? session.os ?? 'Unknown browser';
}

/** The devices signed in to the account, with "Sign out" each and "Sign out everywhere else". */
export function DeviceSessions() {
  const queryClient = useQueryClient();
  const sessions = useAccountSessions();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const others = (sessions.data ?? []).filter((session) => !session.current);

  const run = async (key: string, action: () => Promise<unknown>, success?: string) => {
    setBusy(key);
    setNotice(null);
    try {
      await action();
      if (success) setNotice({ tone: 'success', text: success });
    } catch (error) {
      reportError('Signing a device out failed', error);
      setNotice({ tone: 'error', text: getErrorMessage(error, 'Could not sign the device out.') });
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    }
  };

  return (
    <div className="p-5 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-slate-900">{SECURITY_MESSAGES.devicesTitle}</h3>
          <p className="mt-1 text-sm text-slate-600">{SECURITY_MESSAGES.devicesHint}</p>
        </div>
        {others.length > 0 && (
          <Button
            variant="outline"
            size="sm"
            className="shrink-0"
            disabled={busy !== null}
            onClick={() =>
              void run('others', signOutOtherSessions, SECURITY_MESSAGES.signedOutOthers)
            }
          >
            <LogOut className="size-4" aria-hidden />
            {busy === 'others' ? 'Signing out...' : SECURITY_MESSAGES.signOutOthers}
          </Button>
        )}
      </div>
      {notice && (
        <Alert tone={notice.tone} className="mt-4">
          {notice.text}
        </Alert>
      )}
      {sessions.isError && (
        <Alert tone="error" className="mt-4">
          Could not load your devices. Please refresh the page.
        </Alert>
      )}
      <ul
        className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200"
        aria-label="Signed-in devices"
      >
        {sessions.isPending && <li className="p-4 text-sm text-slate-500">Loading devices…</li>}
        {(sessions.data ?? []).map((session) => {
          const Icon = ICONS[session.device_type];
          return (
            <li
              key={session.id}
              className="flex items-center gap-3 p-3 sm:p-4"
              data-testid="device-row"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
                <Icon className="size-5" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-slate-900">
                  <span className="truncate">{deviceName(session)}</span>
                  {session.current && (
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                      {SECURITY_MESSAGES.thisDevice}
                    </span>
                  )}
                </p>
                <p className="mt-0.5 truncate text-xs text-slate-500">
                  {session.current ? 'Active now' : formatLastActive(session.last_active_at)}
                  {session.ip_address ? ` · ${session.ip_address}` : ''}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="shrink-0"
                  disabled={busy !== null}
                  aria-label={`Sign out ${deviceName(session)}`}
                  onClick={() => void run(session.id, () => signOutSession(session.id))}
                >
                  {busy === session.id ? 'Signing out...' : SECURITY_MESSAGES.signOutDevice}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
