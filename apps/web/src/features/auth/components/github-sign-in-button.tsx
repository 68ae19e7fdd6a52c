import { useState } from 'react';
import { Github } from 'lucide-react';
import { GITHUB_SIGN_IN_MESSAGES } from '@sitelift/shared/messages';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-client';
import { reportError } from '../../../lib/report-error';
import { startGithubSignIn } from '../../../lib/github-sign-in';

/**
 * "Continue with GitHub" (one of the `SignInAlternatives`, shown only where the server has the GitHub
 * App configured). `onError` shows a failure to start in the form's banner.
 */
export function GithubSignInButton({ onError }: { onError: (message: string) => void }) {
  const [isStarting, setIsStarting] = useState(false);
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
  );
}
