import { FolderPlus, Github, PencilLine } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { NoticeScreen } from '../../components/ui/notice-screen';
import { paths } from '../../config/paths';

// These routes exist (spec §2 route table) and are guarded now; issue 4 replaces their screens.

/** /create-project, until the project form ships. */
export function CreateProjectRoute() {
  return (
    <>
      <title>Create Project — Sitelift</title>
      <NoticeScreen
        icon={FolderPlus}
        eyebrow="Next release"
        title="Project creation is almost here"
        actions={
          <>
            <ButtonLink to={paths.dashboard.getHref()}>Back to Dashboard</ButtonLink>
            <ButtonLink to={paths.editProfile.getHref()} variant="outline">
              Complete your profile
            </ButtonLink>
          </>
        }
      >
        <p>
          Submitting a website for modernization isn&apos;t open in this version of Sitelift yet.
          Your account is ready and your free credit is waiting for you.
        </p>
        <p>Until then, make sure your e-mail is verified — new projects will require it.</p>
      </NoticeScreen>
    </>
  );
}

/** /project/:id/edit, until project editing ships. */
export function EditProjectRoute() {
  return (
    <>
      <title>Edit Project — Sitelift</title>
      <NoticeScreen
        icon={PencilLine}
        eyebrow="Next release"
        title="Project editing isn't available yet"
        actions={<ButtonLink to={paths.dashboard.getHref()}>Back to Dashboard</ButtonLink>}
      >
        <p>Editing a project&apos;s name and description arrives together with project creation.</p>
      </NoticeScreen>
    </>
  );
}

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
