import { useState } from 'react';
import { Github } from 'lucide-react';
import { GITHUB_SIGN_IN_MESSAGES } from '@sitelift/shared/messages';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-client';
import { reportError } from '../../../lib/report-error';
import { startGithubSignIn, useSignInMethods } from '../../../lib/github-sign-in';

/**
 * "Continue with GitHub" above the e-mail form of the sign-in and register screens, only where the
 * server has the GitHub App configured. `onError` shows a failure to start in the form's banner.
 */
export function GithubSignInButton({ onError }: { onError: (message: string) => void }) {
  const methods = useSignInMethods();
  const [isStarting, setIsStarting] = useState(false);
  if (!methods.data?.github) return null;

  const start = async () => {
    setIsStarting(true);
    try {
      window.location.assign(await startGithubSignIn());
    } catch (error) {
      reportError('GitHub sign-in failed to start', error);
      onError(getErrorMessage(error, GITHUB_SIGN_IN_MESSAGES.failed));
      setIsStarting(false);
    }
  };

  return (
    <div className="mb-5">
      <Button
        variant="outline"
        size="lg"
        className="w-full gap-2"
        disabled={isStarting}
        onClick={() => void start()}
      >
        <Github className="size-5" aria-hidden />
        {isStarting
          ? GITHUB_SIGN_IN_MESSAGES.redirecting
          : GITHUB_SIGN_IN_MESSAGES.continueWithGithub}
      </Button>
      <div className="mt-5 flex items-center gap-3 text-xs text-slate-500" role="presentation">
        <span className="h-px flex-1 bg-slate-200" />
        {GITHUB_SIGN_IN_MESSAGES.orWithEmail}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </div>
  );
}
