import type { ReactNode } from 'react';
import { GITHUB_SIGN_IN_MESSAGES } from '@sitelift/shared/messages';
import { useSignInMethods } from '../../../lib/github-sign-in';
import { GithubSignInButton } from './github-sign-in-button';
import { PasskeySignInButton } from './passkey-sign-in';

/**
 * The other ways in, above the e-mail form of the sign-in and register screens, as one group under
 * one divider: "Continue with GitHub" where the server has the GitHub App configured (and `github`),
 * and "Continue with a passkey" where `onPasskeySignedIn` is given. Nothing when neither applies.
 * The group appears once the server has said which methods it offers, in one piece. Failures go to
 * `onError` (the form's banner).
 */
export function SignInAlternatives({
  github = true,
  onPasskeySignedIn,
  onError,
}: {
  github?: boolean;
  onPasskeySignedIn?: () => Promise<void> | void;
  onError: (message: string) => void;
}) {
  const methods = useSignInMethods();
  if (methods.isPending) return null;
  const buttons: ReactNode[] = [];
  if (github && methods.data?.github === true)
    buttons.push(<GithubSignInButton key="github" onError={onError} />);
  if (onPasskeySignedIn)
    buttons.push(
      <PasskeySignInButton key="passkey" onSignedIn={onPasskeySignedIn} onError={onError} />,
    );
  if (buttons.length === 0) return null;
  return (
    <div className="mb-5">
      <div role="group" aria-label="Other ways to sign in" className="grid gap-3">
        {buttons}
      </div>
      <div className="mt-5 flex items-center gap-3 text-xs text-slate-500" role="presentation">
        <span className="h-px flex-1 bg-slate-200" />
        {GITHUB_SIGN_IN_MESSAGES.orWithEmail}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </div>
  );
}
