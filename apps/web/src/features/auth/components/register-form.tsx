import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '@sitelift/shared/messages';
import { registerSchema } from '@sitelift/shared/validation/register';
import type { RegisterInput } from '@sitelift/shared/validation/register';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { FormShell } from '../../../components/ui/form-shell';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { signUp } from '../api/sign-up';
import { AuthCard } from './auth-card';
import { SignInAlternatives } from './sign-in-alternatives';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { reportError } from '../../../lib/report-error';

/** Delay before a successful sign-up goes on to /login (spec §9). */
export const REGISTER_REDIRECT_DELAY_MS = 3000;

/** Register (spec §2): e-mail, password with the live strength meter, confirmation. */
export function RegisterForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isRegistered, setIsRegistered] = useState(false);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  useEffect(() => {
    if (!isRegistered) return;
    const timer = setTimeout(
      () => navigate(paths.login.getHref(), { replace: true, state: location.state }),
      REGISTER_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [isRegistered, navigate, location.state]);

  const onValid = async (values: RegisterInput) => {
    try {
      await signUp({ email: values.email, password: values.password });
      setIsRegistered(true);
    } catch (error) {
      reportError('Registration failed', error);
      setServerError(getErrorMessage(error, AUTH_MESSAGES.registrationFailed));
    }
  };

  if (isRegistered) {
    return (
      <AuthCard
        title="Check your inbox"
        icon={
          <span className="flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <MailCheck className="size-6" aria-hidden />
          </span>
        }
      >
        <div>
          <p role="status" className="text-sm leading-6 text-slate-700">
            {AUTH_MESSAGES.registrationSuccess}
          </p>
          <p className="mt-4 text-sm text-slate-500">Taking you to sign in…</p>
          <Link
            to={paths.login.getHref()}
            replace
            state={location.state}
            className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:text-brand-800"
          >
            Go to Sign In now
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Your first site modernization is on us."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={paths.login.getHref()}
            state={location.state}
            className="font-semibold text-brand-700 hover:text-brand-800"
          >
            Sign in
          </Link>
        </>
      }
    >
      <FormShell
        label="Create account"
        serverError={serverError}
        disabled={isSubmitting}
        onSubmitStart={() => setServerError(null)}
        onSubmit={form.handleSubmit(onValid)}
        lead={<SignInAlternatives onError={setServerError} />}
      >
        <FormField
          label="Email Address"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <div>
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            placeholder="At least 8 characters"
            revealable
            error={errors.password?.message}
            hint="Use 8+ characters with upper- and lowercase letters and a number."
            {...form.register('password')}
          />
          <PasswordStrengthMeter password={password} />
        </div>
        <FormField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          placeholder="Repeat your password"
          revealable
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full">
          {isSubmitting ? 'Creating Account...' : 'Create Account'}
        </Button>
        <p className="text-center text-xs leading-5 text-slate-500">
          By creating an account you agree to our{' '}
          <Link to={paths.terms.getHref()} className="underline hover:text-slate-700">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy.getHref()} className="underline hover:text-slate-700">
            Privacy Policy
          </Link>
          .
        </p>
      </FormShell>
    </AuthCard>
  );
}
