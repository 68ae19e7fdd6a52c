import { useState } from 'react';
import { ExternalLink, Github, Rocket } from 'lucide-react';
import type { Project } from '@sitelift/shared/schemas/project';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import { cn } from '../../../utils/cn';
import { deployProject } from '../api/deploy-project';
import type { DeployResult } from '../api/deploy-project';
import { useGithubConnection } from '../api/get-github-connection';
import type { GithubUser } from '@sitelift/shared/api/github';
import { GITHUB_MESSAGES } from '../utils/github-messages';
import { ConnectGithubDialog } from './connect-github-dialog';

/** The 'Deployed' link: opens the project's repository in a new tab. */
export function DeployedLink({ url, className }: { url: string; className?: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses(
        'outline',
        'sm',
        cn(
          'border-emerald-300 bg-emerald-50 text-emerald-800 hover:border-emerald-400 hover:bg-emerald-100',
          className,
        ),
      )}
      title={url}
    >
      <Github className="size-4" aria-hidden /> Deployed
      <ExternalLink className="size-3.5 text-emerald-600" aria-hidden />
    </a>
  );
}

/** What a failed deploy says: the server's message (spec §8), or the spec's fallbacks. */
function toDeployErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 401) return GITHUB_MESSAGES.deployNeedsLogin;
  return getErrorMessage(error, GITHUB_MESSAGES.unknownDeployError);
}

function DeployDialog({
  project,
  user,
  open,
  onOpenChange,
  onDeployed,
}: {
  project: Pick<Project, 'id' | 'name'>;
  user: GithubUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeployed: (result: DeployResult) => void;
}) {
  const [isPublic, setIsPublic] = useState(false);
  const deploy = useMutation({
    mutationFn: () => deployProject(project.id, isPublic),
    onSuccess: onDeployed,
    onError: (error) => reportError('GitHub: deploy failed', error),
  });
  const close = (next: boolean) => {
    if (deploy.isPending) return;
    onOpenChange(next);
    if (!next) {
      deploy.reset();
      setIsPublic(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={`Deploy "${project.name}" to GitHub`}
      description={
        deploy.isSuccess
          ? undefined
          : `Sitelift creates a new repository in @${user.login}'s account and commits every file of the rebuilt site in one commit.`
      }
    >
      {deploy.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success" title="Repository created">
            Every file of the rebuilt site is in its first commit.
          </Alert>
          <p className="truncate text-sm text-slate-600" title={deploy.data.githubRepoUrl}>
            {deploy.data.githubRepoUrl}
          </p>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => close(false)}>
              Done
            </Button>
            <DeployedLink url={deploy.data.githubRepoUrl} className="h-10 px-4" />
          </div>
        </div>
      ) : (
        <form
          aria-label="Deploy to GitHub"
          onSubmit={(event) => {
            event.preventDefault();
            deploy.mutate();
          }}
        >
          <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300">
            <input
              type="checkbox"
              className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
              checked={isPublic}
              disabled={deploy.isPending}
              onChange={(event) => setIsPublic(event.target.checked)}
            />
            <span>
              <span className="block text-sm font-medium text-slate-900">Public repository</span>
              <span className="mt-0.5 block text-sm text-slate-600">
                {isPublic
                  ? 'Anyone on the internet can see this repository.'
                  : 'Private: only you and the people you invite can see it.'}
              </span>
            </span>
          </label>
          {deploy.isError && (
            <Alert tone="error" className="mt-4">
              {toDeployErrorMessage(deploy.error)}
            </Alert>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => close(false)} disabled={deploy.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={deploy.isPending}>
              {deploy.isPending ? (
                <Spinner className="size-4" />
              ) : (
                <Rocket className="size-4" aria-hidden />
              )}
              {deploy.isPending ? 'Deploying...' : 'Deploy'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/**
 * 'Deploy' on a completed project card (spec §2, §4 Deploy button): idle → 'Deploying...' →
 * 'Deployed' link. A project that already has a repository shows its 'Deployed' link; deploying
 * again is a separate, explicit action. Without a connected account the button leads to connecting;
 * without GitHub configured on the server there is no button at all.
 */
export function DeployProjectButton({
  project,
  onDeployed,
}: {
  project: Pick<Project, 'id' | 'name' | 'github_repo_url'>;
  onDeployed: (result: DeployResult) => void;
}) {
  const connection = useGithubConnection();
  const [dialog, setDialog] = useState<'deploy' | 'connect' | null>(null);
  const [deployedUrl, setDeployedUrl] = useState<string | null>(null);
  const repoUrl = deployedUrl ?? project.github_repo_url;
  if (!connection.data?.configured) {
    return repoUrl ? <DeployedLink url={repoUrl} /> : null;
  }
  const user = connection.data.connected ? connection.data.github_user : null;

  return (
    <>
      {repoUrl && <DeployedLink url={repoUrl} />}
      <Button
        size="sm"
        variant={repoUrl ? 'ghost' : 'outline'}
        onClick={() => setDialog(user ? 'deploy' : 'connect')}
        aria-label={repoUrl ? `Deploy ${project.name} again` : `Deploy ${project.name} to GitHub`}
      >
        <Rocket className="size-4" aria-hidden /> {repoUrl ? 'Deploy again' : 'Deploy'}
      </Button>
      {user && (
        <DeployDialog
          project={project}
          user={user}
          open={dialog === 'deploy'}
          onOpenChange={(open) => setDialog(open ? 'deploy' : null)}
          onDeployed={(result) => {
            setDeployedUrl(result.githubRepoUrl);
            onDeployed(result);
          }}
        />
      )}
      {!user && (
        <ConnectGithubDialog
          open={dialog === 'connect'}
          onOpenChange={(open) => setDialog(open ? 'connect' : null)}
          installUrl={connection.data.install_url}
          intro={`Connect GitHub to publish "${project.name}" as a new repository. After connecting you come back to your dashboard and deploy with one click.`}
        />
      )}
    </>
  );
}
