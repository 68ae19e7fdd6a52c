import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { AUTH_MESSAGES } from '@sitelift/shared/messages';
import {
  changePasswordSchema,
  isChangePasswordComplete,
} from '@sitelift/shared/validation/change-password';
import type { ChangePasswordInput } from '@sitelift/shared/validation/change-password';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { FormActions } from '../../../components/ui/form-actions';
import { FormShell } from '../../../components/ui/form-shell';
import { Modal } from '../../../components/ui/modal';
import { getErrorMessage } from '../../../lib/api-client';
import { reportError } from '../../../lib/report-error';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { changePassword } from '../api/change-password';

/** The Change Password modal (spec §2): three fields, then a success view. */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Change Password"
      description="Enter your current password, then choose a new one. Other devices will be signed out."
    >
      {open && <ChangePasswordForm onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [isChanged, setIsChanged] = useState(false);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control });

  const onValid = async (input: ChangePasswordInput) => {
    try {
      await changePassword(input);
      setIsChanged(true);
    } catch (error) {
      reportError('Change password failed', error);
      setServerError(getErrorMessage(error, AUTH_MESSAGES.changePasswordFailed));
    }
  };

  if (isChanged) {
    return (
      <div className="text-center" role="status">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <ShieldCheck className="size-6" aria-hidden />
        </span>
        <h3 className="mt-4 text-base font-semibold text-slate-900">Password updated</h3>
        <p className="mt-2 text-sm leading-6 text-slate-600">
          Your new password is active. Any other devices signed in to your account have been signed
          out.
        </p>
        <Button className="mt-6 w-full" onClick={onDone}>
          Done
        </Button>
      </div>
    );
  }

  return (
    <FormShell
      label="Change password"
      variant="dialog"
      serverError={serverError}
      disabled={isSubmitting}
      onSubmitStart={() => setServerError(null)}
      onSubmit={form.handleSubmit(onValid)}
    >
      <FormField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        revealable
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <div>
        <FormField
          label="New Password"
          type="password"
          autoComplete="new-password"
          revealable
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <PasswordStrengthMeter password={values.newPassword ?? ''} />
      </div>
      <FormField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        revealable
        error={errors.confirmNewPassword?.message}
        {...form.register('confirmNewPassword')}
      />
      <FormActions variant="dialog" onCancel={onDone}>
        <Button type="submit" disabled={isSubmitting || !isChangePasswordComplete(values)}>
          {isSubmitting ? 'Updating...' : 'Update Password'}
        </Button>
      </FormActions>
    </FormShell>
  );
}
