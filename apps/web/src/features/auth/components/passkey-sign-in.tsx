import { useState } from 'react';
import { Fingerprint } from 'lucide-react';
import { SECURITY_MESSAGES } from '@sitelift/shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { reportError } from '../../../lib/report-error';
import { isCeremonyCancelled, signInWithPasskey } from '../api/passkey-sign-in';

/** "Sign in with a passkey" under the password form; `onSignedIn` runs once the session exists. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => Promise<void> | void }) {
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const start = async () => {
    setError(null);
    setIsBusy(true);
    try {
      await signInWithPasskey();
      await onSignedIn();
    } catch (caught) {
      reportError('Passkey sign-in failed', caught);
      setError(
        isCeremonyCancelled(caught)
          ? SECURITY_MESSAGES.passkeyCancelled
          : isApiError(caught) && (caught.code === 'API_RATE_LIMITED' || caught.status === 0)
            ? getErrorMessage(caught, SECURITY_MESSAGES.passkeySignInFailed)
            : SECURITY_MESSAGES.passkeySignInFailed,
      );
      setIsBusy(false);
    }
  };
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="mt-4 w-full"
        disabled={isBusy}
        onClick={() => void start()}
      >
        <Fingerprint className="size-5" aria-hidden />
        {isBusy ? 'Waiting for your passkey...' : SECURITY_MESSAGES.signInWithPasskey}
      </Button>
    </div>
  );
}
