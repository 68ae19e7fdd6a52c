import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { CheckCircle2, Github, XCircle } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import type { NavigationState } from '../../../utils/navigation-state';
import { exchangeGithubCode } from '../api/exchange-github-code';
import { GITHUB_CONNECTION_QUERY_KEY } from '../api/get-github-connection';
import type { GithubConnection, GithubUser } from '@sitelift/shared/api/github';
import { GITHUB_CONNECTED_REDIRECT_DELAY_MS, GITHUB_MESSAGES } from '../utils/github-messages';
import { takeStoredCallback, verifyOAuthState } from '../utils/oauth-state';

type CallbackState =
  { kind: 'loading' } | { kind: 'success'; user: GithubUser } | { kind: 'error'; message: string };

/** The code and state: kept by the redirect handler, or (a direct visit) in the address. */
function readCallback(searchParams: URLSearchParams) {
  const stored = takeStoredCallback();
  if (stored.code || stored.state) return stored;
  return {
    code: searchParams.get('code'),
    state: searchParams.get('state'),
    redirectPath: paths.githubCallback.getHref(),
  };
}

function StatusCard({
  tone,
  title,
  children,
}: {
  tone: 'loading' | 'success' | 'error';
  title: string;
  children?: ReactNode;
}) {
  const icon =
    tone === 'loading' ? (
      <Spinner className="size-7 text-brand-600" />
    ) : tone === 'success' ? (
      <CheckCircle2 className="size-7 text-emerald-600" aria-hidden />
    ) : (
      <XCircle className="size-7 text-red-600" aria-hidden />
    );
  const ring =
    tone === 'success'
      ? 'bg-emerald-50 ring-emerald-100'
      : tone === 'error'
        ? 'bg-red-50 ring-red-100'
        : 'bg-brand-50 ring-brand-100';
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16 sm:py-24">
      <div
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10"
        role={tone === 'error' ? 'alert' : 'status'}
        aria-live="polite"
      >
        <span
          className={`mx-auto flex size-14 items-center justify-center rounded-2xl ring-1 ${ring}`}
        >
          {icon}
        </span>
        <p className="mt-6 flex items-center justify-center gap-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <Github className="size-3.5" aria-hidden /> GitHub
        </p>
        <h1 className="mt-2 text-xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * /integrations/github/callback (spec §2): checks the anti-forgery state, exchanges the code once
 * (React's development double effects included), then shows success and returns to the dashboard
 * after 1.5 s, or shows the error with 'Return to Dashboard'.
 */
export function GithubCallback() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<CallbackState>({ kind: 'loading' });
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const callback = readCallback(searchParams);
    if (!callback.code || !callback.state) {
      setState({ kind: 'error', message: GITHUB_MESSAGES.missingCodeOrState });
      return;
    }
    if (!verifyOAuthState(callback.state)) {
      setState({ kind: 'error', message: GITHUB_MESSAGES.invalidState });
      return;
    }
    const redirectPath = callback.redirectPath ?? paths.githubAuthCallback.getHref();
    exchangeGithubCode({
      code: callback.code,
      state: callback.state,
      redirectUri: new URL(redirectPath, window.location.origin).toString(),
    })
      .then((user) => {
        queryClient.setQueryData<GithubConnection>(GITHUB_CONNECTION_QUERY_KEY, (current) =>
          current ? { ...current, connected: true, github_user: user } : current,
        );
        void queryClient.invalidateQueries({ queryKey: GITHUB_CONNECTION_QUERY_KEY });
        setState({ kind: 'success', user });
      })
      .catch((error: unknown) => {
        reportError('GitHub: code exchange failed', error);
        setState({ kind: 'error', message: getErrorMessage(error, GITHUB_MESSAGES.connectFailed) });
      });
  }, [searchParams, queryClient]);

  const isSuccess = state.kind === 'success';
  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(() => {
      const navigationState: NavigationState = { message: GITHUB_MESSAGES.connected };
      void navigate(paths.dashboard.getHref(), { replace: true, state: navigationState });
    }, GITHUB_CONNECTED_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, navigate]);

  if (state.kind === 'loading') {
    return (
      <StatusCard tone="loading" title="Connecting your GitHub account...">
        <p className="mt-3 text-sm leading-6 text-slate-600">This takes a few seconds.</p>
      </StatusCard>
    );
  }
  if (state.kind === 'success') {
    return (
      <StatusCard tone="success" title={GITHUB_MESSAGES.connected}>
        <p className="mt-3 text-sm leading-6 text-slate-600">
          Signed in as <span className="font-semibold text-slate-900">@{state.user.login}</span>.
          Taking you back to your dashboard...
        </p>
      </StatusCard>
    );
  }
  return (
    <StatusCard tone="error" title="GitHub connection failed">
      <p className="mt-3 text-sm leading-6 text-slate-600">{state.message}</p>
      <div className="mt-8">
        <ButtonLink to={paths.dashboard.getHref()} replace className="w-full sm:w-auto">
          Return to Dashboard
        </ButtonLink>
      </div>
    </StatusCard>
  );
}
