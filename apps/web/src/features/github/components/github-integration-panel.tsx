import { useState } from 'react';
import type { ReactNode } from 'react';
import { FolderGit2, Github, Unplug } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useMutation, useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import { disconnectGithub } from '../api/disconnect-github';
import { GITHUB_CONNECTION_QUERY_KEY, useGithubConnection } from '../api/get-github-connection';
import type { GithubConnection, GithubUser } from '@sitelift/shared/api/github';
import { GITHUB_MESSAGES } from '../utils/github-messages';
import { ConnectGithubDialog } from './connect-github-dialog';

function PanelFrame({ children, badge }: { children: ReactNode; badge?: ReactNode }) {
  return (
    <section
      aria-labelledby="github-panel-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2
          id="github-panel-heading"
          className="flex items-center gap-2 text-base font-semibold text-slate-900"
        >
          <Github className="size-5 text-slate-700" aria-hidden /> GitHub
        </h2>
        {badge}
      </div>
      {children}
    </section>
  );
}

function ConnectedAccount({ user }: { user: GithubUser }) {
  return (
    <div className="mt-5 flex items-center gap-4">
      <Avatar fullName={user.name} email={user.login} imageUrl={user.avatar_url} size="lg" />
      <div className="min-w-0">
        <p
          className={
            user.name
              ? 'truncate text-lg font-semibold text-slate-900'
              : 'text-lg font-medium text-slate-500 italic'
          }
        >
          {user.name ?? 'No name set'}
        </p>
        <p className="truncate text-sm text-slate-600">@{user.login}</p>
      </div>
    </div>
  );
}

/**
 * The dashboard's GitHub panel (spec §2): not configured on this server (no dead button), not
 * connected (why to connect, and the connect dialog), or connected (avatar, name, login, Disconnect
 * after a confirmation).
 */
export function GithubIntegrationPanel() {
  const connection = useGithubConnection();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [isConnectOpen, setIsConnectOpen] = useState(false);
  const [disconnectError, setDisconnectError] = useState<string | null>(null);
  const disconnect = useMutation({
    mutationFn: disconnectGithub,
    onMutate: () => setDisconnectError(null),
    onSuccess: () => {
      queryClient.setQueryData<GithubConnection>(GITHUB_CONNECTION_QUERY_KEY, (current) =>
        current ? { ...current, connected: false, github_user: null } : current,
      );
      void queryClient.invalidateQueries({ queryKey: GITHUB_CONNECTION_QUERY_KEY });
      toast.success('GitHub account disconnected.');
    },
    onError: (error) => {
      reportError('GitHub: disconnect failed', error);
      setDisconnectError(GITHUB_MESSAGES.disconnectFailed);
    },
  });

  const askToDisconnect = async (user: GithubUser) => {
    const isConfirmed = await confirm({
      title: 'Disconnect GitHub?',
      description: `Sitelift will no longer create repositories in @${user.login}'s account. Repositories it already created stay on GitHub.`,
      confirmLabel: 'Disconnect',
      tone: 'danger',
    });
    if (isConfirmed) disconnect.mutate();
  };

  if (connection.isPending) {
    return (
      <PanelFrame>
        <div className="flex items-center gap-2 py-6 text-sm text-slate-500" role="status">
          <Spinner className="text-brand-600" /> Loading...
        </div>
      </PanelFrame>
    );
  }

  if (connection.isError) {
    return (
      <PanelFrame>
        <Alert
          tone="error"
          className="mt-4"
          action={
            <Button size="sm" variant="outline" onClick={() => void connection.refetch()}>
              Retry
            </Button>
          }
        >
          Could not check your GitHub connection.
        </Alert>
      </PanelFrame>
    );
  }

  const { configured, connected, github_user: user, install_url: installUrl } = connection.data;

  if (!configured) {
    return (
      <PanelFrame>
        <p className="mt-3 text-sm leading-6 text-slate-600">
          The GitHub integration is not configured on this server, so projects can&apos;t be
          published as repositories here.
        </p>
        <p className="mt-3 flex items-start gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-600">
          <FolderGit2 className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
          Every completed project can still be downloaded as a zip with its full source code.
        </p>
      </PanelFrame>
    );
  }

  if (connected && user) {
    return (
      <PanelFrame
        badge={
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/20">
            <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden /> Connected
          </span>
        }
      >
        <ConnectedAccount user={user} />
        <p className="mt-4 text-sm leading-6 text-slate-600">
          Completed projects can be deployed to a new repository in this account.
        </p>
        {disconnectError && (
          <Alert tone="error" className="mt-4">
            {disconnectError}
          </Alert>
        )}
        <Button
          variant="outline"
          className="mt-5 w-full"
          disabled={disconnect.isPending}
          onClick={() => void askToDisconnect(user)}
        >
          {disconnect.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <Unplug className="size-4" aria-hidden />
          )}
          {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
        </Button>
      </PanelFrame>
    );
  }

  return (
    <PanelFrame>
      <p className="mt-3 text-sm leading-6 text-slate-600">
        Connect your GitHub account to create repositories automatically: each completed project is
        published as a new repository with every file of the rebuilt site in one commit.
      </p>
      <Button className="mt-5 w-full" onClick={() => setIsConnectOpen(true)}>
        <Github className="size-4" aria-hidden /> Connect GitHub
      </Button>
      <ConnectGithubDialog
        open={isConnectOpen}
        onOpenChange={setIsConnectOpen}
        installUrl={installUrl}
      />
    </PanelFrame>
  );
}
