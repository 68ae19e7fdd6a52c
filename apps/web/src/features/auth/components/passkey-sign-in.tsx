import { useState } from 'react';
import { Fingerprint } from 'lucide-react';
import { SECURITY_MESSAGES } from '@sitelift/shared/messages';
import { Button } from '../../../components/ui/button';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { reportError } from '../../../lib/report-error';
import { isCeremonyCancelled, signInWithPasskey } from '../api/passkey-sign-in';

/** What a failed passkey sign-in says. */
function toSignInError(error: unknown): string {
  if (isCeremonyCancelled(error)) return SECURITY_MESSAGES.passkeyCancelled;
  if (isApiError(error) && (error.code === 'API_RATE_LIMITED' || error.status === 0))
    return getErrorMessage(error, SECURITY_MESSAGES.passkeySignInFailed);
  return SECURITY_MESSAGES.passkeySignInFailed;
}

/**
 * "Continue with a passkey" (one of the `SignInAlternatives`): `onSignedIn` runs once the session
 * exists; `onError` shows a failure in the form's banner.
 */
export function PasskeySignInButton({
  onSignedIn,
  onError,
}: {
  onSignedIn: () => Promise<void> | void;
  onError: (message: string) => void;
}) {
  const [isBusy, setIsBusy] = useState(false);
  const start = async () => {
    setIsBusy(true);
    try {
      await signInWithPasskey();
      await onSignedIn();
    } catch (caught) {
      reportError('Passkey sign-in failed', caught);
      onError(toSignInError(caught));
      setIsBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full gap-2"
      disabled={isBusy}
      onClick={() => void start()}
    >
      <Fingerprint className="size-5" aria-hidden />
      {isBusy ? 'Waiting for your passkey...' : SECURITY_MESSAGES.signInWithPasskey}
    </Button>
  );
}
