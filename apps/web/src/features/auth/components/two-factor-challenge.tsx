import { useState, type FormEvent } from 'react';
import { Fingerprint, ShieldCheck } from 'lucide-react';
import { SECURITY_MESSAGES } from '@sitelift/shared/messages';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { FormShell } from '../../../components/ui/form-shell';
import { OneTimeCodeField, parseOneTimeCode } from '../../../components/ui/one-time-code-field';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { reportError } from '../../../lib/report-error';
import { verifySignInBackupCode, verifySignInCode } from '../api/two-factor';
import { isCeremonyCancelled, verifySignInPasskey } from '../api/passkey-sign-in';

/** The message for a refused code: wrong code, used-up challenge, or a locked second factor. */
function toChallengeError(error: unknown, mode: 'totp' | 'backup'): string {
  if (isApiError(error)) {
    if (
      error.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' ||
      error.code === 'INVALID_TWO_FACTOR_COOKIE'
    )
      return SECURITY_MESSAGES.challengeExpired;
    if (error.code === 'ACCOUNT_TEMPORARILY_LOCKED') return SECURITY_MESSAGES.locked;
    if (error.code === 'API_RATE_LIMITED') return getErrorMessage(error, SECURITY_MESSAGES.locked);
    if (error.status === 401 || error.status === 400)
      return mode === 'totp' ? SECURITY_MESSAGES.codeInvalid : SECURITY_MESSAGES.backupCodeInvalid;
  }
  return getErrorMessage(error, SECURITY_MESSAGES.codeInvalid);
}

/** The message for a passkey that did not confirm the sign-in. */
function toPasskeyError(error: unknown): string {
  if (isCeremonyCancelled(error)) return SECURITY_MESSAGES.passkeyCancelled;
  if (isApiError(error)) {
    if (error.code === 'INVALID_TWO_FACTOR_COOKIE') return SECURITY_MESSAGES.challengeExpired;
    if (error.code === 'API_RATE_LIMITED') return getErrorMessage(error, SECURITY_MESSAGES.locked);
  }
  return SECURITY_MESSAGES.passkeyNotVerified;
}

/**
 * The second step of signing in with two-factor authentication: a code from the authenticator app (or
 * a backup code, or a passkey of the account when `allowPasskey`), and "Trust this device for 30
 * days". `onVerified` runs once the session exists; `onRestart` when the challenge is over and the
 * password must be entered again.
 */
export function TwoFactorChallenge({
  allowPasskey = false,
  onVerified,
  onRestart,
}: {
  allowPasskey?: boolean;
  onVerified: () => Promise<void> | void;
  onRestart: () => void;
}) {
  const [mode, setMode] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [trust, setTrust] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [isOver, setIsOver] = useState(false);

  const confirmWithPasskey = async () => {
    setError(null);
    setIsBusy(true);
    try {
      await verifySignInPasskey(trust);
      await onVerified();
    } catch (caught) {
      reportError('Two-factor passkey failed', caught);
      const message = toPasskeyError(caught);
      setIsOver(message === SECURITY_MESSAGES.challengeExpired);
      setError(message);
      setIsBusy(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    const digits = parseOneTimeCode(value);
    if (mode === 'totp' && digits === null) {
      setError(SECURITY_MESSAGES.codeFormat);
      return;
    }
    if (value === '') {
      setError('Backup code is required');
      return;
    }
    setIsBusy(true);
    try {
      if (mode === 'totp' && digits !== null) await verifySignInCode(digits, trust);
      else await verifySignInBackupCode(value, trust);
      await onVerified();
    } catch (caught) {
      reportError('Two-factor verification failed', caught);
      const message = toChallengeError(caught, mode);
      setIsOver(message === SECURITY_MESSAGES.challengeExpired);
      setError(message);
      setIsBusy(false);
    }
  };

  return (
    <div>
      <div className="mb-6 flex items-start gap-3 rounded-xl border border-brand-100 bg-brand-50/60 p-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm">
          <ShieldCheck className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 className="text-sm font-semibold text-slate-900">
            {SECURITY_MESSAGES.challengeTitle}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            {mode === 'totp'
              ? SECURITY_MESSAGES.challengeSubtitle
              : SECURITY_MESSAGES.challengeBackupSubtitle}
          </p>
        </div>
      </div>
      <FormShell
        label="Two-factor authentication"
        serverError={error}
        disabled={isBusy}
        onSubmitStart={() => setError(null)}
        onSubmit={submit}
      >
        {mode === 'totp' ? (
          <OneTimeCodeField
            key="totp"
            label="Authentication code"
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        ) : (
          <FormField
            key="backup"
            label="Backup code"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder="abcde-12345"
            maxLength={32}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputClassName="font-mono"
          />
        )}
        <label className="flex items-center gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={trust}
            onChange={(event) => setTrust(event.target.checked)}
            className="size-4 shrink-0 accent-brand-600"
          />
          {SECURITY_MESSAGES.trustDevice}
        </label>
        {isOver ? (
          <Button type="button" size="lg" className="w-full" onClick={onRestart}>
            Back to sign in
          </Button>
        ) : (
          <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
            {isBusy ? SECURITY_MESSAGES.verifying : SECURITY_MESSAGES.verify}
          </Button>
        )}
        <p className="text-center">
          <button
            type="button"
            onClick={() => {
              setMode(mode === 'totp' ? 'backup' : 'totp');
              setCode('');
              setError(null);
            }}
            className="text-sm font-medium text-brand-700 hover:text-brand-800"
          >
            {mode === 'totp' ? SECURITY_MESSAGES.useBackupCode : SECURITY_MESSAGES.useAuthenticator}
          </button>
        </p>
        {allowPasskey && !isOver && (
          <Button
            type="button"
            variant="outline"
            size="lg"
            className="w-full"
            disabled={isBusy}
            onClick={() => void confirmWithPasskey()}
          >
            <Fingerprint className="size-5" aria-hidden /> {SECURITY_MESSAGES.usePasskey}
          </Button>
        )}
      </FormShell>
    </div>
  );
}
