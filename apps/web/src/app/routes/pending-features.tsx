import { Github } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { NoticeScreen } from '../../components/ui/notice-screen';
import { paths } from '../../config/paths';

// These routes exist (spec §2 route table) and are guarded now; the GitHub issue replaces the screen.

/** The GitHub routes, until the GitHub integration ships. */
export function GithubIntegrationRoute() {
  return (
    <>
      <title>GitHub — Sitelift</title>
      <NoticeScreen
        icon={Github}
        eyebrow="Next release"
        title="GitHub connection isn't available yet"
        actions={<ButtonLink to={paths.dashboard.getHref()}>Return to Dashboard</ButtonLink>}
      >
        <p>
          Publishing projects to a new GitHub repository is on its way. Nothing was connected and no
          access was granted.
        </p>
      </NoticeScreen>
    </>
  );
}
