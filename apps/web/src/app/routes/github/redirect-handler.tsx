import { GithubRedirectHandler } from '../../../features/github/components/github-redirect-handler';

/** /integrations/github/redirect-handler and /auth/github/callback */
export function GithubRedirectHandlerRoute() {
  return (
    <>
      <title>Connecting to GitHub... — Sitelift</title>
      <GithubRedirectHandler />
    </>
  );
}
