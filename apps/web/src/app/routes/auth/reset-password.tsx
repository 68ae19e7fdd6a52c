import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

/** /auth/reset-password */
export function ResetPasswordRoute() {
  return (
    <>
      <title>Reset your password — Sitelift</title>
      <ResetPasswordForm />
    </>
  );
}
