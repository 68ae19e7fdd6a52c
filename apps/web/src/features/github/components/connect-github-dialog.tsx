import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { ArrowRight, ExternalLink, Github } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useMutation } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import { startGithubAuthorization, toInstallUrl } from '../api/start-github-authorization';
import { GITHUB_MESSAGES } from '../utils/github-messages';
import { leaveForGithub } from '../utils/leave-for-github';

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700 ring-1 ring-brand-100"
        aria-hidden
      >
        {number}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 space-y-3 text-sm leading-6 text-slate-600">{children}</div>
      </div>
    </li>
  );
}

/**
 * 'Connect GitHub' (spec §2): install the GitHub App and choose its repositories, then continue to
 * GitHub's authorization page. Opening the dialog makes the anti-forgery state and binds it to the
 * session, so both the install page (which hands the state back after installing) and the
 * authorization page carry it.
 */
export function ConnectGithubDialog({
  open,
  onOpenChange,
  installUrl,
  intro,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The app's installation page; null when the server has none (then only step 2 is shown). */
  installUrl: string | null;
  /** Why the dialog opened, when it was not the panel's button (e.g. a deploy). */
  intro?: string;
}) {
  const authorization = useMutation({
    mutationFn: startGithubAuthorization,
    onError: (error) => reportError('GitHub: could not start the authorization', error),
  });
  const { mutate, reset } = authorization;
  const wasOpen = useRef(false);
  // A fresh state each time the dialog opens: an old one may already have been used.
  useEffect(() => {
    if (open && !wasOpen.current) mutate();
    if (!open && wasOpen.current) reset();
    wasOpen.current = open;
  }, [open, mutate, reset]);

  const prepared = authorization.data;
  const isPreparing = authorization.isPending || (open && authorization.isIdle);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="large"
      title="Connect your GitHub account"
      description={
        intro ??
        'Sitelift creates a new repository for each site you deploy and commits every file of the rebuild in one commit.'
      }
    >
      {authorization.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="outline" onClick={() => mutate()}>
              Try again
            </Button>
          }
        >
          {GITHUB_MESSAGES.connectFailed}
        </Alert>
      ) : (
        <ol className="space-y-6">
          {installUrl && (
            <Step number={1} title="Install the Sitelift app and choose repositories">
              <p>
                On GitHub, pick the account or organisation and let the app create repositories
                there. Installed it already? Go straight to the next step.
              </p>
              {prepared ? (
                <a
                  href={toInstallUrl(installUrl, prepared.state)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses('outline', 'sm')}
                >
                  <Github className="size-4" aria-hidden /> Install the GitHub App
                  <ExternalLink className="size-3.5 text-slate-400" aria-hidden />
                </a>
              ) : (
                <span className={buttonClasses('outline', 'sm', 'pointer-events-none opacity-60')}>
                  <Spinner className="size-4" /> Install the GitHub App
                </span>
              )}
            </Step>
          )}
          <Step number={installUrl ? 2 : 1} title="Authorize Sitelift on GitHub">
            <p>
              GitHub asks you to confirm that Sitelift may act for you, then brings you back here.
              Sitelift never sees your GitHub password.
            </p>
          </Step>
        </ol>
      )}
      <div className="mt-7 flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button
          disabled={!prepared}
          onClick={() => {
            if (prepared) leaveForGithub(prepared.authorizeUrl);
          }}
        >
          {isPreparing ? <Spinner className="size-4" /> : <Github className="size-4" aria-hidden />}
          Continue to GitHub
          <ArrowRight className="size-4" aria-hidden />
        </Button>
      </div>
    </Modal>
  );
}
