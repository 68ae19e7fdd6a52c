import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FormActions } from '../../../components/ui/form-actions';
import { FormField, type FormFieldProps } from '../../../components/ui/form-field';
import { FormShell } from '../../../components/ui/form-shell';
import { Modal } from '../../../components/ui/modal';

/** What a `FieldPrompt` asks for: the field's props (not its value) and the "required" message. */
export type PromptField = Omit<FormFieldProps, 'value' | 'onChange' | 'error'> & {
  requiredMessage: string;
};

interface FieldPromptProps {
  /** The form's accessible name. */
  label: string;
  field: PromptField;
  initialValue?: string;
  submitLabel: string;
  busyLabel: string;
  variant?: 'primary' | 'danger';
  onConfirm: (value: string) => Promise<void>;
  onCancel: () => void;
  /** Above the field (an explanation). */
  children?: ReactNode;
}

/**
 * A dialog form with one field (a password, a name…) and Cancel beside the submit button; `onConfirm`
 * gets the value (trimmed unless the field is a password) and throws to show its error message (the
 * value stays typed).
 */
export function FieldPrompt({
  label,
  field: { requiredMessage, ...field },
  initialValue = '',
  submitLabel,
  busyLabel,
  variant = 'primary',
  onConfirm,
  onCancel,
  children,
}: FieldPromptProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entered = field.type === 'password' ? value : value.trim();
    if (entered === '') {
      setError(requiredMessage);
      return;
    }
    setIsBusy(true);
    try {
      await onConfirm(entered);
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
        autoFocus
        {...field}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <FormActions variant="dialog" onCancel={onCancel}>
        <Button type="submit" variant={variant} disabled={isBusy}>
          {isBusy ? busyLabel : submitLabel}
        </Button>
      </FormActions>
    </FormShell>
  );
}

const PASSWORD_FIELD: PromptField = {
  label: 'Password',
  type: 'password',
  autoComplete: 'current-password',
  revealable: true,
  requiredMessage: 'Password is required',
};

/** The frame of a prompt in its own dialog: shown while `open`; closing it (or Cancel) calls `onClose`. */
interface DialogFrame {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
}

/** A `FieldPrompt` in a `Modal`; the form starts afresh each time the dialog opens. */
export function PromptDialog({
  open,
  onClose,
  title,
  description,
  ...prompt
}: DialogFrame & Omit<FieldPromptProps, 'onCancel'>) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description}
    >
      {open && <FieldPrompt {...prompt} onCancel={onClose} />}
    </Modal>
  );
}

/**
 * A dialog that asks for the password before a security change; `onConfirm` throws to show its
 * error message (the password stays typed).
 */
export function PasswordDialog(
  props: DialogFrame & Omit<FieldPromptProps, 'onCancel' | 'field' | 'initialValue'>,
) {
  return <PromptDialog {...props} field={PASSWORD_FIELD} />;
}
