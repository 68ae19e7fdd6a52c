import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '@sitelift/shared/messages';
import { resetPasswordSchema } from '@sitelift/shared/validation/register';
import type { ResetPasswordInput } from '@sitelift/shared/validation/register';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { FormShell } from '../../../components/ui/form-shell';
import { paths } from '../../../config/paths';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import type { NavigationState } from '../../../utils/navigation-state';
import { resetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { reportError } from '../../../lib/report-error';

const INVALID_TOKEN_CODES = new Set(['INVALID_TOKEN', 'EXPIRED_TOKEN', 'TOKEN_EXPIRED']);

/** /auth/reset-password (DESIGN.md §3): the e-mailed link's target; new password + confirmation. */
export function ResetPasswordForm() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token');
  const [isLinkInvalid, setIsLinkInvalid] = useState(
    () => Boolean(searchParams.get('error')) || !token,
  );
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  if (isLinkInvalid || !token) {
    // A link without a token was cut short (a mail client, a copy): it is invalid, not expired.
    const isMissing = !token && !searchParams.get('error');
    return (
      <AuthCard title={isMissing ? 'Invalid link' : 'Link expired'}>
        <Alert tone="error">
          {isMissing ? AUTH_MESSAGES.resetLinkMissing : AUTH_MESSAGES.resetLinkInvalid}
        </Alert>
        <ButtonLink
          to={`${paths.login.getHref()}?forgot=1`}
          size="lg"
          className="mt-6 w-full"
          replace
        >
          Request a new link
        </ButtonLink>
        <p className="mt-4 text-center text-sm text-slate-600">
          Remembered it?{' '}
          <Link to={paths.login.getHref()} className="font-semibold text-brand-700">
            Sign in
          </Link>
        </p>
      </AuthCard>
    );
  }

  const onValid = async (values: ResetPasswordInput) => {
    try {
      await resetPassword({ token, newPassword: values.password });
      const state: NavigationState = { message: AUTH_MESSAGES.resetPasswordSuccess };
      navigate(paths.login.getHref(), { replace: true, state });
    } catch (error) {
      reportError('Password reset failed', error);
      if (isApiError(error) && INVALID_TOKEN_CODES.has(error.code)) {
        setIsLinkInvalid(true);
        return;
      }
      setServerError(getErrorMessage(error, AUTH_MESSAGES.resetPasswordFailed));
    }
  };

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Pick a strong password you don't use elsewhere."
    >
      <FormShell
        label="Reset password"
        serverError={serverError}
        disabled={isSubmitting}
        onSubmitStart={() => setServerError(null)}
        onSubmit={form.handleSubmit(onValid)}
      >
        <div>
          <FormField
            label="New Password"
            type="password"
            autoComplete="new-password"
            revealable
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordStrengthMeter password={password} />
        </div>
        <FormField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          revealable
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full">
          {isSubmitting ? 'Resetting Password...' : 'Reset Password'}
        </Button>
      </FormShell>
    </AuthCard>
  );
}
