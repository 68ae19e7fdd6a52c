import { useEffect, useState } from 'react';
import { Github } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { GITHUB_SIGN_IN_MESSAGES, githubSignInErrorMessage } from '@sitelift/shared/messages';
import type { AccountSecurity } from '@sitelift/shared/schemas/account';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import { startGithubLink, useSignInMethods } from '../../../lib/github-sign-in';
import {
  LINKED_ACCOUNTS_QUERY_KEY,
  unlinkAccount,
  useLinkedAccounts,
} from '../api/linked-accounts';

/**
 * Sign-in methods of the Security section: GitHub, linked or not, with "Disconnect" (refused, and
 * said so, when it is the only way in: no password) or "Connect GitHub". Shown where the server offers
 * GitHub sign-in, or where the account has GitHub linked already.
 */
export function LinkedAccounts({ security }: { security: AccountSecurity }) {
  const queryClient = useQueryClient();
  const methods = useSignInMethods();
  const linked = useLinkedAccounts();
  const [searchParams, setSearchParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  // Coming back from GitHub: ?github=linked, or ?error=<code> when the link was refused.
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(() => {
    if (searchParams.get('github') === 'linked')
      return { tone: 'success', text: GITHUB_SIGN_IN_MESSAGES.linked };
    const error = searchParams.get('error');
    return error ? { tone: 'error', text: githubSignInErrorMessage(error) } : null;
  });
  useEffect(() => {
    if (!['github', 'error', 'error_description'].some((name) => searchParams.has(name))) return;
    document.getElementById('security')?.scrollIntoView({ block: 'start' });
    setSearchParams(
      (params) => {
        for (const name of ['github', 'error', 'error_description']) params.delete(name);
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  const github = linked.data?.find((account) => account.providerId === 'github');
  if (!methods.data?.github && !github) return null;

  const connect = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const settings = paths.editProfile.getHref();
      window.location.assign(await startGithubLink(`${settings}?github=linked`, settings));
    } catch (error) {
      reportError('Linking GitHub failed to start', error);
      setNotice({ tone: 'error', text: getErrorMessage(error, GITHUB_SIGN_IN_MESSAGES.failed) });
      setBusy(false);
    }
  };

  const disconnect = async (id: string) => {
    setBusy(true);
    setNotice(null);
    try {
      await unlinkAccount(id);
      setNotice({ tone: 'success', text: GITHUB_SIGN_IN_MESSAGES.disconnected });
    } catch (error) {
      reportError('Disconnecting GitHub failed', error);
      setNotice({ tone: 'error', text: getErrorMessage(error, GITHUB_SIGN_IN_MESSAGES.failed) });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: LINKED_ACCOUNTS_QUERY_KEY });
    }
  };

  return (
    <div className="p-5 sm:p-6">
      <h3 className="text-sm font-semibold text-slate-900">
        {GITHUB_SIGN_IN_MESSAGES.methodsTitle}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{GITHUB_SIGN_IN_MESSAGES.methodsHint}</p>
      {notice && (
        <Alert tone={notice.tone} className="mt-4">
          {notice.text}
        </Alert>
      )}
      <ul className="mt-4 rounded-xl border border-slate-200" aria-label="Sign-in methods">
        <li className="flex flex-wrap items-center gap-3 p-3 sm:p-4">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-900 text-white">
            <Github className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-slate-900">GitHub</p>
            <p className="mt-0.5 text-xs text-slate-500">
              {github ? `Linked on ${github.createdAt.toLocaleDateString()}` : 'Not linked'}
            </p>
          </div>
          {github ? (
            <Button
              variant="outline"
              size="sm"
              className="shrink-0"
              disabled={busy || !security.has_password}
              aria-describedby={security.has_password ? undefined : 'github-only-way'}
              onClick={() => void disconnect(github.id)}
            >
              {busy ? 'Disconnecting...' : GITHUB_SIGN_IN_MESSAGES.disconnect}
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              className="shrink-0 gap-2"
              disabled={busy || linked.isPending}
              onClick={() => void connect()}
            >
              <Github className="size-4" aria-hidden />
              {busy ? GITHUB_SIGN_IN_MESSAGES.redirecting : GITHUB_SIGN_IN_MESSAGES.connect}
            </Button>
          )}
          {github && !security.has_password && (
            <p id="github-only-way" className="basis-full text-xs text-slate-500">
              {GITHUB_SIGN_IN_MESSAGES.onlyWay}
            </p>
          )}
        </li>
      </ul>
    </div>
  );
}
