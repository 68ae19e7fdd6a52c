import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  AUTH_MESSAGES,
  GITHUB_SIGN_IN_MESSAGES,
  githubSignInErrorMessage,
} from '@sitelift/shared/messages';
import { signInSchema } from '@sitelift/shared/validation/sign-in';
import type { SignInInput } from '@sitelift/shared/validation/sign-in';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { FormShell } from '../../../components/ui/form-shell';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/auth';
import { useQueryClient } from '../../../lib/query-client';
import { getFromPath, getStateError, getStateMessage } from '../../../utils/navigation-state';
import { signIn } from '../api/sign-in';
import { startGithubLink } from '../../../lib/github-sign-in';
import { AuthCard } from './auth-card';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { TwoFactorChallenge } from './two-factor-challenge';
import { SignInAlternatives } from './sign-in-alternatives';
import { reportError } from '../../../lib/report-error';

/** Sign In (spec §2): 'Welcome Back', e-mail and password, error banner, 'Forgot Password?'. */
export function SignInForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  // A GitHub sign-in comes back with ?error=<code>, or ?second_factor=1 when the code is still due
  // (?second_factor=passkey: or a passkey of the account, as after a password).
  const [oauthError] = useState(() => searchParams.get('error'));
  // An account already has the GitHub account's address: GitHub is linked once its owner signs in.
  const [linkGithub] = useState(() => oauthError === 'account_not_linked');
  const [serverError, setServerError] = useState<string | null>(() =>
    oauthError && !linkGithub
      ? githubSignInErrorMessage(oauthError)
      : getStateError(location.state),
  );
  const [notice, setNotice] = useState<string | null>(() =>
    linkGithub ? GITHUB_SIGN_IN_MESSAGES.accountExists : getStateMessage(location.state),
  );
  const isForgotOpen = searchParams.get('forgot') === '1';
  const [needsSecondFactor, setNeedsSecondFactor] = useState<false | 'code' | 'code-or-passkey'>(
    () => {
      const secondFactor = searchParams.get('second_factor');
      if (secondFactor === null) return false;
      return secondFactor === 'passkey' ? 'code-or-passkey' : 'code';
    },
  );
  useEffect(() => {
    if (!['error', 'error_description', 'second_factor'].some((name) => searchParams.has(name)))
      return;
    setSearchParams(
      (params) => {
        for (const name of ['error', 'error_description', 'second_factor']) params.delete(name);
        return params;
      },
      { replace: true, state: location.state },
    );
  }, [searchParams, setSearchParams, location.state]);

  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const finishSignIn = async () => {
    if (linkGithub) {
      // The owner proved the account (password, and the code if on): now GitHub is linked to it.
      const settings = paths.editProfile.getHref();
      window.location.assign(await startGithubLink(`${settings}?github=linked`, settings));
      return;
    }
    await refreshSession(queryClient);
    navigate(getFromPath(location.state, paths.dashboard.getHref()), { replace: true });
  };

  const onValid = async (values: SignInInput) => {
    try {
      const outcome = await signIn(values);
      if (outcome !== 'signed-in') {
        setNeedsSecondFactor(outcome === 'two-factor-passkey' ? 'code-or-passkey' : 'code');
        return;
      }
      await finishSignIn();
    } catch (error) {
      reportError('Sign in failed', error);
      setServerError(getErrorMessage(error, AUTH_MESSAGES.loginFailed));
    }
  };

  const setForgotOpen = (open: boolean) => {
    setSearchParams(
      (params) => {
        if (open) params.set('forgot', '1');
        else params.delete('forgot');
        return params;
      },
      { replace: true, state: location.state },
    );
  };

  if (needsSecondFactor) {
    return (
      <AuthCard title="Welcome Back" subtitle="One more step to keep your account safe.">
        <TwoFactorChallenge
          allowPasskey={needsSecondFactor === 'code-or-passkey'}
          onVerified={finishSignIn}
          onRestart={() => {
            form.resetField('password');
            setNeedsSecondFactor(false);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Sign in to continue modernizing your websites."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link
            to={paths.register.getHref()}
            state={location.state}
            className="font-semibold text-brand-700 hover:text-brand-800"
          >
            Create one
          </Link>
        </>
      }
    >
      <FormShell
        label="Sign in"
        serverError={serverError}
        notice={notice}
        disabled={isSubmitting}
        onSubmitStart={() => {
          setServerError(null);
          setNotice(null);
        }}
        onSubmit={form.handleSubmit(onValid)}
        lead={
          <SignInAlternatives
            // While GitHub waits to be linked, the password (or a passkey) proves the account.
            github={!linkGithub}
            onPasskeySignedIn={finishSignIn}
            onError={(message) => {
              setNotice(null);
              setServerError(message);
            }}
          />
        }
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
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          placeholder="Your password"
          revealable
          // Tab goes Email → Password → Sign In (issue 22); the eye stays a click or tap away.
          revealTabIndex={-1}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" size="lg" className="w-full">
          {isSubmitting ? 'Signing In...' : 'Sign In'}
        </Button>
        {/* After Sign In in the page and the Tab order: the form's own path comes first. */}
        <p className="text-center">
          <button
            type="button"
            onClick={() => setForgotOpen(true)}
            className="text-sm font-medium text-brand-700 hover:text-brand-800 disabled:text-slate-400"
          >
            Forgot Password?
          </button>
        </p>
      </FormShell>
      <ForgotPasswordDialog
        open={isForgotOpen}
        onOpenChange={setForgotOpen}
        defaultEmail={form.getValues('email')}
      />
    </AuthCard>
  );
}
