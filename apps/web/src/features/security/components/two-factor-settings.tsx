import { useState, type FormEvent } from 'react';
import { Check, Copy, Download, KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { SECURITY_MESSAGES } from '@sitelift/shared/messages';
import type { AccountSecurity } from '@sitelift/shared/schemas/account';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormActions } from '../../../components/ui/form-actions';
import { FormShell } from '../../../components/ui/form-shell';
import { Modal } from '../../../components/ui/modal';
import { OneTimeCodeField, parseOneTimeCode } from '../../../components/ui/one-time-code-field';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import {
  disableTwoFactor,
  regenerateBackupCodes,
  SECURITY_QUERY_KEY,
  SESSIONS_QUERY_KEY,
  startTwoFactorSetup,
  confirmTwoFactorSetup,
  type TwoFactorSetup,
} from '../api/security';
import { PasswordDialog } from './password-prompt';
import { QrCode } from './qr-code';

/** A refused password becomes the plain message; anything else keeps the server's words. */
function passwordError(error: unknown): Error {
  reportError('Two-factor change failed', error);
  if (isApiError(error) && error.status === 400 && error.code !== 'API_VALIDATION_FAILED')
    return new Error(SECURITY_MESSAGES.passwordIncorrect);
  return new Error(getErrorMessage(error, 'Something went wrong. Please try again.'));
}

/** The key of an otpauth URI, in groups of four for typing by hand. */
function manualKeyOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

type Step =
  | { kind: 'closed' }
  | { kind: 'enable-password' }
  | { kind: 'scan'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[]; title: string }
  | { kind: 'regenerate' }
  | { kind: 'disable' };

/** Two-factor authentication in the Security section: set up, backup codes, turn off. */
export function TwoFactorSettings({ security }: { security: AccountSecurity }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setStep({ kind: 'closed' });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
    ]);
  const enabled = security.two_factor_enabled;

  return (
    <div className="p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span
            className={
              enabled
                ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700'
                : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500'
            }
          >
            {enabled ? (
              <ShieldCheck className="size-5" aria-hidden />
            ) : (
              <ShieldOff className="size-5" aria-hidden />
            )}
          </span>
          <div className="min-w-0">
            <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
              {SECURITY_MESSAGES.twoFactorTitle}
              <span
                className={
                  enabled
                    ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800'
                    : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600'
                }
              >
                {enabled ? 'On' : 'Off'}
              </span>
            </h3>
            <p className="mt-1 text-sm text-slate-600">
              {enabled ? SECURITY_MESSAGES.twoFactorOnHint : SECURITY_MESSAGES.twoFactorOffHint}
            </p>
            {enabled && (
              <p className="mt-1 text-sm text-slate-600">
                Backup codes left:{' '}
                <span
                  className={
                    security.backup_codes_left <= 2
                      ? 'font-semibold text-amber-700'
                      : 'font-semibold text-slate-900'
                  }
                >
                  {security.backup_codes_left} of 10
                </span>
              </p>
            )}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 sm:justify-end">
          {enabled ? (
            <>
              <Button variant="outline" size="sm" onClick={() => setStep({ kind: 'regenerate' })}>
                <KeyRound className="size-4" aria-hidden /> {SECURITY_MESSAGES.regenerate}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setStep({ kind: 'disable' })}>
                {SECURITY_MESSAGES.turnOff}
              </Button>
            </>
          ) : (
            <Button size="sm" onClick={() => setStep({ kind: 'enable-password' })}>
              <ShieldCheck className="size-4" aria-hidden /> {SECURITY_MESSAGES.setUp}
            </Button>
          )}
        </div>
      </div>
      {notice && (
        <Alert tone="success" className="mt-4">
          {notice}
        </Alert>
      )}

      <PasswordDialog
        open={step.kind === 'enable-password'}
        onClose={close}
        title={SECURITY_MESSAGES.setUp}
        description="Confirm your password to start. You will need your phone with an authenticator app."
        label="Confirm password"
        submitLabel="Continue"
        busyLabel="Checking..."
        onConfirm={async (password) => {
          try {
            setStep({ kind: 'scan', setup: await startTwoFactorSetup(password) });
          } catch (error) {
            throw passwordError(error);
          }
        }}
      />

      <Modal
        open={step.kind === 'scan'}
        onOpenChange={(open) => !open && close()}
        title={SECURITY_MESSAGES.scanTitle}
        description={SECURITY_MESSAGES.scanHint}
      >
        {step.kind === 'scan' && (
          <ScanStep
            setup={step.setup}
            onCancel={close}
            onVerified={async () => {
              await refresh();
              setNotice(SECURITY_MESSAGES.turnedOn);
              setStep({
                kind: 'codes',
                codes: step.setup.backupCodes,
                title: SECURITY_MESSAGES.backupCodesTitle,
              });
            }}
          />
        )}
      </Modal>

      <Modal
        open={step.kind === 'codes'}
        onOpenChange={() => {}}
        hideClose
        title={step.kind === 'codes' ? step.title : ''}
        description={SECURITY_MESSAGES.backupCodesHint}
      >
        {step.kind === 'codes' && <BackupCodes codes={step.codes} onDone={close} />}
      </Modal>

      <PasswordDialog
        open={step.kind === 'regenerate'}
        onClose={close}
        title={SECURITY_MESSAGES.regenerate}
        description="Your current backup codes stop working, and ten new ones are shown once."
        label="Regenerate backup codes"
        submitLabel="Regenerate"
        busyLabel="Regenerating..."
        onConfirm={async (password) => {
          try {
            const codes = await regenerateBackupCodes(password);
            await refresh();
            setStep({ kind: 'codes', codes, title: 'Your new backup codes' });
          } catch (error) {
            throw passwordError(error);
          }
        }}
      />

      <PasswordDialog
        open={step.kind === 'disable'}
        onClose={close}
        title="Turn off two-factor authentication?"
        description="Signing in will ask only for your password. Your other devices will be signed out."
        label="Turn off two-factor authentication"
        submitLabel="Turn off"
        busyLabel="Turning off..."
        variant="danger"
        onConfirm={async (password) => {
          try {
            await disableTwoFactor(password);
            await refresh();
            setNotice(SECURITY_MESSAGES.turnedOff);
            close();
          } catch (error) {
            throw passwordError(error);
          }
        }}
      />
    </div>
  );
}

function ScanStep({
  setup,
  onCancel,
  onVerified,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onVerified: () => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const key = manualKeyOf(setup.totpURI);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = parseOneTimeCode(code);
    if (digits === null) {
      setError(SECURITY_MESSAGES.codeFormat);
      return;
    }
    setIsBusy(true);
    try {
      await confirmTwoFactorSetup(digits);
      await onVerified();
    } catch (caught) {
      reportError('Two-factor setup failed', caught);
      setError(SECURITY_MESSAGES.codeInvalid);
      setIsBusy(false);
    }
  };
  return (
    <FormShell
      label="Confirm authenticator app"
      variant="dialog"
      serverError={error}
      disabled={isBusy}
      onSubmitStart={() => setError(null)}
      onSubmit={submit}
    >
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
        <div className="rounded-xl border border-slate-200 p-2 shadow-sm">
          <QrCode value={setup.totpURI} label="QR code for your authenticator app" />
        </div>
        <div className="w-full min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {SECURITY_MESSAGES.manualKey}
          </p>
          <p
            className="mt-1 rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
            data-testid="totp-manual-key"
          >
            {key}
          </p>
          <p className="mt-2 text-xs text-slate-500">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <OneTimeCodeField
        label={SECURITY_MESSAGES.confirmCode}
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <FormActions variant="dialog" onCancel={onCancel}>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? SECURITY_MESSAGES.verifying : 'Turn on'}
        </Button>
      </FormActions>
    </FormShell>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const [saved, setSaved] = useState(false);
  const text = `Sitelift backup codes\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'sitelift-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div>
      <ul
        className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900"
        aria-label="Backup codes"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? (
            <Check className="size-4" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download className="size-4" aria-hidden /> Download
        </Button>
      </div>
      <label className="mt-5 flex items-center gap-3 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
          className="size-4 shrink-0 accent-brand-600"
        />
        {SECURITY_MESSAGES.backupCodesSaved}
      </label>
      <Button className="mt-5 w-full" disabled={!saved} onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
