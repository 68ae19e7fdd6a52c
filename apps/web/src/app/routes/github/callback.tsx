import { GithubCallback } from '../../../features/github/components/github-callback';

/** /integrations/github/callback */
export function GithubCallbackRoute() {
  return (
    <>
      <title>GitHub — Sitelift</title>
      <GithubCallback />
    </>
  );
}
