import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FormActions } from '../../../components/ui/form-actions';
import { FormField } from '../../../components/ui/form-field';
import { FormShell } from '../../../components/ui/form-shell';

/**
 * A dialog form that asks for the password before a security change; `onConfirm` throws to show
 * its error message (the password stays typed).
 */
export function PasswordPrompt({
  label,
  submitLabel,
  busyLabel,
  variant = 'primary',
  onConfirm,
  onCancel,
  children,
}: {
  label: string;
  submitLabel: string;
  busyLabel: string;
  variant?: 'primary' | 'danger';
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setError('Password is required');
      return;
    }
    setIsBusy(true);
    try {
      await onConfirm(password);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setIsBusy(false);
    }
  };
  return (
    <FormShell
      label={label}
      variant="dialog"
      serverError={error}
      disabled={isBusy}
      onSubmitStart={() => setError(null)}
      onSubmit={submit}
    >
      {children}
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        revealable
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormActions variant="dialog" onCancel={onCancel}>
        <Button type="submit" variant={variant} disabled={isBusy}>
          {isBusy ? busyLabel : submitLabel}
        </Button>
      </FormActions>
    </FormShell>
  );
}
