import { SignInForm } from '../../../features/auth/components/sign-in-form';

/** /login */
export function LoginRoute() {
  return (
    <>
      <title>Sign In — Sitelift</title>
      <SignInForm />
    </>
  );
}
