import { RegisterForm } from '../../../features/auth/components/register-form';

/** /register */
export function RegisterRoute() {
  return (
    <>
      <title>Create your account — Sitelift</title>
      <RegisterForm />
    </>
  );
}
