import { AuthCallback } from '../../../features/auth/components/auth-callback';

/** /auth/callback */
export function AuthCallbackRoute() {
  return (
    <>
      <title>Authenticating... — Sitelift</title>
      <AuthCallback />
    </>
  );
}
