import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { AUTH_MESSAGES } from '@sitelift/shared/messages';
import { requestPasswordResetSchema } from '@sitelift/shared/validation/sign-in';
import type { RequestPasswordResetInput } from '@sitelift/shared/validation/sign-in';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { FormShell } from '../../../components/ui/form-shell';
import { Modal } from '../../../components/ui/modal';
import { isApiError } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/request-password-reset';
import { reportError } from '../../../lib/report-error';

/**
 * 'Forgot Password?' (DESIGN.md §3): asks for the e-mail, then answers the same whether or not an
 * account exists, so the form cannot be used to discover accounts.
 */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
  defaultEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail: string;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Reset your password"
      description="Enter the e-mail you signed up with and we'll send you a link to choose a new password."
    >
      {open && (
        <ForgotPasswordForm defaultEmail={defaultEmail} onDone={() => onOpenChange(false)} />
      )}
    </Modal>
  );
}

function ForgotPasswordForm({
  defaultEmail,
  onDone,
}: {
  defaultEmail: string;
  onDone: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<RequestPasswordResetInput>({
    resolver: zodResolver(requestPasswordResetSchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  const onValid = async ({ email }: RequestPasswordResetInput) => {
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      // Rate limits and outages get an honest error; anything about the address itself does not.
      if (
        isApiError(error) &&
        (error.status === 0 || error.status === 429 || error.status >= 500)
      ) {
        reportError('Password reset request failed', error);
        setServerError(error.status === 429 ? error.message : AUTH_MESSAGES.resetRequestFailed);
        return;
      }
      setSentTo(email);
    }
  };

  if (sentTo) {
    return (
      <div className="text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <MailCheck className="size-6" aria-hidden />
        </span>
        <p role="status" className="mt-4 text-sm leading-6 text-slate-700">
          {AUTH_MESSAGES.resetRequestSent}
        </p>
        <Button className="mt-6 w-full" onClick={onDone}>
          Back to Sign In
        </Button>
      </div>
    );
  }

  return (
    <FormShell
      label="Request a password reset"
      variant="dialog"
      serverError={serverError}
      disabled={isSubmitting}
      onSubmitStart={() => setServerError(null)}
      onSubmit={form.handleSubmit(onValid)}
    >
      <FormField
        label="Email Address"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" className="w-full" size="lg">
        {isSubmitting ? 'Sending Link...' : 'Send Reset Link'}
      </Button>
    </FormShell>
  );
}
