import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AlertTriangle, Check, Download, FileArchive, Trash2 } from 'lucide-react';
import { SECURITY_MESSAGES } from '@sitelift/shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button';
import { FormActions } from '../../../components/ui/form-actions';
import { FormField } from '../../../components/ui/form-field';
import { FormShell } from '../../../components/ui/form-shell';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { clearSession } from '../../../lib/auth';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import {
  dataExportDownloadUrl,
  deleteAccount,
  EXPORT_QUERY_KEY,
  requestDataExport,
  useDataExport,
} from '../api/security';

function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "Export my data": starts the export, shows its state and the download when ready. */
export function DataExportSettings() {
  const queryClient = useQueryClient();
  const current = useDataExport();
  const [error, setError] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const state = current.data ?? null;
  const start = async () => {
    setError(null);
    setIsStarting(true);
    try {
      await requestDataExport();
    } catch (caught) {
      reportError('Data export failed to start', caught);
      setError(getErrorMessage(caught, SECURITY_MESSAGES.exportFailed));
    } finally {
      setIsStarting(false);
      await queryClient.invalidateQueries({ queryKey: EXPORT_QUERY_KEY });
    }
  };
  return (
    <div className="p-5 sm:p-6" id="data">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
            <FileArchive className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h3 className="text-sm font-semibold text-slate-900">
              {SECURITY_MESSAGES.exportButton}
            </h3>
            <p className="mt-1 text-sm text-slate-600">{SECURITY_MESSAGES.exportHint}</p>
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0"
          disabled={isStarting || state?.status === 'pending'}
          onClick={() => void start()}
        >
          {isStarting || state?.status === 'pending'
            ? 'Preparing...'
            : SECURITY_MESSAGES.exportButton}
        </Button>
      </div>
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      {state?.status === 'pending' && (
        <Alert tone="info" className="mt-4">
          {SECURITY_MESSAGES.exportPending}
        </Alert>
      )}
      {state?.status === 'failed' && (
        <Alert tone="error" className="mt-4">
          {SECURITY_MESSAGES.exportFailed}
        </Alert>
      )}
      {state?.status === 'ready' && (
        <div className="mt-4 flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-2 text-sm text-emerald-900">
            <Check className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {SECURITY_MESSAGES.exportReady} {formatSize(state.size_bytes)}
              {state.expires_at
                ? ` · available until ${new Date(state.expires_at).toLocaleDateString()}`
                : ''}
            </span>
          </p>
          <a
            href={dataExportDownloadUrl(state.id)}
            download
            className={buttonClasses('primary', 'sm', 'shrink-0')}
          >
            <Download className="size-4" aria-hidden /> {SECURITY_MESSAGES.downloadExport}
          </a>
        </div>
      )}
    </div>
  );
}

/** "Delete my account": says what goes and what stays, then asks for the password (and code). */
export function DeleteAccountSettings({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="p-5 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
            <Trash2 className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h3 className="text-sm font-semibold text-slate-900">
              {SECURITY_MESSAGES.deleteTitle}
            </h3>
            <p className="mt-1 text-sm text-slate-600">{SECURITY_MESSAGES.deleteHint}</p>
          </div>
        </div>
        <Button variant="danger" size="sm" className="shrink-0" onClick={() => setOpen(true)}>
          {SECURITY_MESSAGES.deleteButton}
        </Button>
      </div>
      <Modal
        open={open}
        onOpenChange={setOpen}
        size="large"
        title="Delete your account?"
        description={SECURITY_MESSAGES.deleteIrreversible}
      >
        {open && (
          <DeleteAccountForm twoFactorEnabled={twoFactorEnabled} onCancel={() => setOpen(false)} />
        )}
      </Modal>
    </div>
  );
}

function DeleteAccountForm({
  twoFactorEnabled,
  onCancel,
}: {
  twoFactorEnabled: boolean;
  onCancel: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setError('Password is required');
      return;
    }
    if (twoFactorEnabled && code.trim() === '') {
      setError('Enter the code from your authenticator app or a backup code.');
      return;
    }
    setIsBusy(true);
    try {
      await deleteAccount({ password, code: twoFactorEnabled ? code.trim() : undefined });
      clearSession(queryClient);
      navigate(paths.home.getHref(), {
        replace: true,
        state: { message: 'Your account was deleted. Thank you for using Sitelift.' },
      });
    } catch (caught) {
      reportError('Account deletion failed', caught);
      setError(getErrorMessage(caught, 'Your account could not be deleted. Please try again.'));
      setIsBusy(false);
    }
  };
  return (
    <FormShell
      label="Delete account"
      variant="dialog"
      serverError={error}
      disabled={isBusy}
      onSubmitStart={() => setError(null)}
      onSubmit={submit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-red-200 bg-red-50/60 p-4">
          <p className="flex items-center gap-2 text-sm font-semibold text-red-900">
            <AlertTriangle className="size-4" aria-hidden /> Deleted now
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-900/90">
            {SECURITY_MESSAGES.deleteDeleted.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <p className="text-sm font-semibold text-slate-900">Kept, anonymised</p>
          <p className="mt-2 text-sm text-slate-700">{SECURITY_MESSAGES.deleteKept}</p>
          <p className="mt-3 text-sm text-slate-700">
            Want a copy first? Use{' '}
            <span className="font-medium">{SECURITY_MESSAGES.exportButton}</span> before you delete.
          </p>
        </div>
      </div>
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        revealable
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {twoFactorEnabled && (
        <FormField
          label="Authentication code or backup code"
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      )}
      <FormActions variant="dialog" onCancel={onCancel}>
        <Button type="submit" variant="danger" disabled={isBusy}>
          {isBusy ? SECURITY_MESSAGES.deleting : SECURITY_MESSAGES.deleteConfirm}
        </Button>
      </FormActions>
    </FormShell>
  );
}
