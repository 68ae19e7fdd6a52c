import { useState } from 'react';
import { Fingerprint, KeyRound, Plus } from 'lucide-react';
import { SECURITY_MESSAGES } from '@sitelift/shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import {
  addPasskey,
  PASSKEYS_QUERY_KEY,
  removePasskey,
  renamePasskey,
  usePasskeys,
  type Passkey,
} from '../api/passkeys';
import { SESSIONS_QUERY_KEY } from '../api/security';
import { PasswordDialog, PromptDialog, type PromptField } from './password-prompt';

/** The name field of the add and rename dialogs; 60 characters is the server's limit too. */
const NAME_FIELD: PromptField = {
  label: SECURITY_MESSAGES.passkeyName,
  placeholder: 'e.g. MacBook, iPhone or 1Password',
  autoComplete: 'off',
  maxLength: 60,
  requiredMessage: 'Name is required',
};

function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** "Added 27 Nov 2026 · Last used 28 Nov 2026" (or "Not used yet"). */
function describeDates(passkey: Passkey): string {
  const added = passkey.createdAt ? `Added ${formatDate(passkey.createdAt)}` : '';
  const used = passkey.lastUsedAt ? `Last used ${formatDate(passkey.lastUsedAt)}` : 'Not used yet';
  return [added, used].filter(Boolean).join(' · ');
}

const displayName = (passkey: Passkey) => passkey.name?.trim() || 'Passkey';

/** What a failed add says: the browser's refusal, a known device, an old session, or the server. */
function addError(error: unknown): string {
  reportError('Adding a passkey failed', error);
  if (error instanceof Error && error.name === 'InvalidStateError')
    return SECURITY_MESSAGES.passkeyExists;
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return SECURITY_MESSAGES.passkeyCancelled;
  if (error instanceof Error && error.name === 'NotSupportedError')
    return SECURITY_MESSAGES.passkeyUnsupported;
  if (isApiError(error) && error.code === 'SESSION_NOT_FRESH')
    return SECURITY_MESSAGES.passkeyNotFresh;
  return getErrorMessage(error, 'Could not add the passkey. Please try again.');
}

type Step =
  | { kind: 'closed' }
  | { kind: 'add' }
  | { kind: 'rename'; passkey: Passkey }
  | { kind: 'remove'; passkey: Passkey };

/** Passkeys in the Security section: add with a name, list, rename, remove (with the password). */
export function PasskeySettings() {
  const queryClient = useQueryClient();
  const passkeys = usePasskeys();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setStep({ kind: 'closed' });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
    ]);
  const list = passkeys.data ?? [];
  const renaming = step.kind === 'rename' ? step.passkey : null;
  const removing = step.kind === 'remove' ? step.passkey : null;

  return (
    <div className="p-5 sm:p-6" data-testid="passkey-settings">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Fingerprint className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h3 className="text-sm font-semibold text-slate-900">
              {SECURITY_MESSAGES.passkeysTitle}
            </h3>
            <p className="mt-1 text-sm text-slate-600">{SECURITY_MESSAGES.passkeysHint}</p>
          </div>
        </div>
        <div className="flex shrink-0 sm:justify-end">
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setNotice(null);
              setStep({ kind: 'add' });
            }}
          >
            <Plus className="size-4" aria-hidden /> {SECURITY_MESSAGES.addPasskey}
          </Button>
        </div>
      </div>
      {notice && (
        <Alert tone="success" className="mt-4">
          {notice}
        </Alert>
      )}
      {passkeys.isError && (
        <Alert tone="error" className="mt-4">
          Could not load your passkeys. Please refresh the page.
        </Alert>
      )}
      {passkeys.isSuccess && list.length === 0 && (
        <p className="mt-4 rounded-xl border border-dashed border-slate-200 p-4 text-sm text-slate-500">
          {SECURITY_MESSAGES.passkeysEmpty}
        </p>
      )}
      {list.length > 0 && (
        <ul
          className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200"
          aria-label={SECURITY_MESSAGES.passkeysTitle}
        >
          {list.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap sm:p-4"
              data-testid="passkey-row"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
                <KeyRound className="size-5" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">
                  {displayName(passkey)}
                </p>
                <p className="mt-0.5 text-xs text-slate-500">{describeDates(passkey)}</p>
              </div>
              <div className="flex w-full shrink-0 justify-end gap-1 sm:w-auto">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Rename ${displayName(passkey)}`}
                  onClick={() => {
                    setNotice(null);
                    setStep({ kind: 'rename', passkey });
                  }}
                >
                  {SECURITY_MESSAGES.renamePasskey}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${displayName(passkey)}`}
                  onClick={() => {
                    setNotice(null);
                    setStep({ kind: 'remove', passkey });
                  }}
                >
                  {SECURITY_MESSAGES.removePasskey}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <PromptDialog
        open={step.kind === 'add'}
        onClose={close}
        title={SECURITY_MESSAGES.addPasskey}
        description={SECURITY_MESSAGES.addPasskeyHint}
        label={SECURITY_MESSAGES.addPasskey}
        field={NAME_FIELD}
        submitLabel="Continue"
        busyLabel="Waiting for your device..."
        onConfirm={async (name) => {
          try {
            await addPasskey(name);
          } catch (error) {
            throw new Error(addError(error));
          }
          await refresh();
          setNotice(SECURITY_MESSAGES.passkeyAdded);
          close();
        }}
      />

      <PromptDialog
        open={renaming !== null}
        onClose={close}
        title="Rename passkey"
        label="Rename passkey"
        field={NAME_FIELD}
        initialValue={renaming?.name ?? ''}
        submitLabel="Save"
        busyLabel="Saving..."
        onConfirm={async (name) => {
          if (!renaming) return;
          try {
            await renamePasskey(renaming.id, name);
          } catch (error) {
            reportError('Renaming a passkey failed', error);
            throw new Error(getErrorMessage(error, 'Could not rename the passkey.'));
          }
          await refresh();
          setNotice(SECURITY_MESSAGES.passkeyRenamed);
          close();
        }}
      />

      <PasswordDialog
        open={removing !== null}
        onClose={close}
        title={removing ? `Remove “${displayName(removing)}”?` : ''}
        description="It will no longer sign you in. Your other devices will be signed out."
        label="Remove passkey"
        submitLabel="Remove passkey"
        busyLabel="Removing..."
        variant="danger"
        onConfirm={async (password) => {
          if (!removing) return;
          try {
            await removePasskey(removing.id, password);
          } catch (error) {
            reportError('Removing a passkey failed', error);
            if (isApiError(error) && error.code === 'INVALID_PASSWORD')
              throw new Error(SECURITY_MESSAGES.passwordIncorrect);
            throw new Error(getErrorMessage(error, 'Could not remove the passkey.'));
          }
          await refresh();
          setNotice(SECURITY_MESSAGES.passkeyRemoved);
          close();
        }}
      />
    </div>
  );
}
