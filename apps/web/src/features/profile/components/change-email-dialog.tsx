import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { AUTH_MESSAGES } from '@sitelift/shared/messages';
import {
  buildChangeEmailSchema,
  canSubmitNewEmail,
} from '@sitelift/shared/validation/change-email';
import type { ChangeEmailInput } from '@sitelift/shared/validation/change-email';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { FormActions } from '../../../components/ui/form-actions';
import { FormShell } from '../../../components/ui/form-shell';
import { Modal } from '../../../components/ui/modal';
import { getErrorMessage } from '../../../lib/api-client';
import { reportError } from '../../../lib/report-error';
import { changeEmail } from '../api/change-email';

/** The Change Email modal (spec §2): the form, then the sent-confirmation view. */
export function ChangeEmailDialog({
  open,
  onOpenChange,
  currentEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentEmail: string;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Change Email"
      description="We'll send a confirmation link to your new address. Your e-mail changes once you open it."
    >
      {open && <ChangeEmailForm currentEmail={currentEmail} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function ChangeEmailForm({ currentEmail, onDone }: { currentEmail: string; onDone: () => void }) {
  const schema = useMemo(() => buildChangeEmailSchema(currentEmail), [currentEmail]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(schema),
    defaultValues: { newEmail: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const newEmail = useWatch({ control: form.control, name: 'newEmail' });

  const onValid = async (values: ChangeEmailInput) => {
    try {
      await changeEmail(values.newEmail);
      setSentTo(values.newEmail);
    } catch (error) {
      reportError('Change email failed', error);
      setServerError(getErrorMessage(error, AUTH_MESSAGES.changeEmailFailed));
    }
  };

  if (sentTo) {
    return (
      <div className="text-center" role="status">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <MailCheck className="size-6" aria-hidden />
        </span>
        <h3 className="mt-4 text-base font-semibold text-slate-900">Check your new inbox</h3>
        <p className="mt-2 text-sm leading-6 text-slate-600">
          We sent a confirmation link to <strong className="text-slate-900">{sentTo}</strong>. Your
          account keeps using {currentEmail} until you open it.
        </p>
        <Button className="mt-6 w-full" onClick={onDone}>
          Done
        </Button>
      </div>
    );
  }

  return (
    <FormShell
      label="Change email"
      variant="dialog"
      serverError={serverError}
      disabled={isSubmitting}
      onSubmitStart={() => setServerError(null)}
      onSubmit={form.handleSubmit(onValid)}
    >
      <p className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-600 ring-1 ring-slate-200">
        Current e-mail: <span className="font-medium break-all text-slate-900">{currentEmail}</span>
      </p>
      <FormField
        label="New Email Address"
        type="email"
        autoComplete="email"
        placeholder="new@company.com"
        error={errors.newEmail?.message}
        {...form.register('newEmail')}
      />
      <FormActions variant="dialog" onCancel={onDone}>
        <Button type="submit" disabled={isSubmitting || !canSubmitNewEmail(newEmail, currentEmail)}>
          {isSubmitting ? 'Sending...' : 'Send Confirmation'}
        </Button>
      </FormActions>
    </FormShell>
  );
}
