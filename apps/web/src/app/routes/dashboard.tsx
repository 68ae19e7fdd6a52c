import { useCallback, useEffect, useRef, useState } from 'react';
import { X } from 'lucide-react';
import { useCreditBalance } from '../../features/billing/api/get-credits';
import { CreditHistory } from '../../features/billing/components/credit-history';
import { useCheckoutReturn } from '../../features/billing/hooks/use-checkout-return';
import { useProjectCount } from '../../features/dashboard/api/get-project-count';
import { SuccessBanner } from '../../features/dashboard/components/success-banner';
import { WelcomeBanner } from '../../features/dashboard/components/welcome-banner';
import { DeployProjectButton } from '../../features/github/components/deploy-project-button';
import { GithubIntegrationPanel } from '../../features/github/components/github-integration-panel';
import { HostedSitePanel } from '../../features/hosting/components/hosted-site-panel';
import { JobLogViewer } from '../../features/jobs/components/job-log-viewer';
import {
  applyJobStatusChange,
  parseJobStatusChange,
} from '../../features/jobs/utils/apply-job-event';
import { PROJECTS_QUERY_KEY } from '../../features/projects/api/get-projects';
import type { Project } from '@sitelift/shared/schemas/project';
import { ProjectsOverview } from '../../features/projects/components/projects-overview';
import {
  applyProjectChange,
  parseProjectChange,
} from '../../features/projects/utils/apply-project-event';
import { ProfilePanel } from '../../features/profile/components/profile-panel';
import { Alert } from '../../components/ui/alert';
import { DIALOG_CLOSE_DELAY_MS } from '../../components/ui/confirm-dialog';
import { useEventStream } from '../../hooks/use-event-stream';
import { useSession } from '../../lib/auth';
import type { StreamEvent } from '../../lib/event-stream';
import { useQueryClient } from '../../lib/query-client';
import { useOneTimeStateError, useOneTimeStateMessage } from '../../utils/navigation-state';

/** After a burst of live changes, the exact totals are read again after this pause. */
const TOTALS_REFRESH_DELAY_MS = 1000;

/** Live project and job changes from `GET /api/events` (spec §4), applied to the cached data. */
function useDashboardEvents() {
  const queryClient = useQueryClient();
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  const scheduleRefresh = useCallback(() => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['me', 'credits'] });
    }, TOTALS_REFRESH_DELAY_MS);
  }, [queryClient]);

  useEventStream('/api/events', {
    onEvent: (event: StreamEvent) => {
      const change = parseProjectChange(event);
      if (change) {
        applyProjectChange(queryClient, change);
        scheduleRefresh();
        return;
      }
      const job = parseJobStatusChange(event);
      if (job) applyJobStatusChange(queryClient, job);
    },
    onOpen: (isReconnect) => {
      if (isReconnect) scheduleRefresh();
    },
  });
}

/** /dashboard — banners, stat cards, the live project list, the log viewer and the account panel. */
export function DashboardRoute() {
  const { user } = useSession();
  const [stateMessage, dismissStateMessage] = useOneTimeStateMessage();
  const [stateError, dismissStateError] = useOneTimeStateError();
  const queryClient = useQueryClient();
  const creditBalance = useCreditBalance();
  const projectCount = useProjectCount();
  const [logs, setLogs] = useState<{ jobId: string; name: string } | null>(null);
  const [isLogsOpen, setIsLogsOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  useDashboardEvents();
  useCheckoutReturn();

  const openLogs = useCallback((project: Project) => {
    if (!project.job_id) return;
    clearTimeout(closeTimer.current);
    setLogs({ jobId: project.job_id, name: project.name });
    setIsLogsOpen(true);
  }, []);

  const renderDeploy = useCallback(
    (project: Project) => (
      <DeployProjectButton
        project={project}
        onDeployed={(result) =>
          applyProjectChange(queryClient, { kind: 'update', project: result.project })
        }
      />
    ),
    [queryClient],
  );

  const renderHosting = useCallback(
    (project: Project) => <HostedSitePanel project={project} />,
    [],
  );

  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <title>Dashboard — Sitelift</title>
      <SuccessBanner message={stateMessage} onDismiss={dismissStateMessage} />
      {stateError && (
        <Alert
          tone="error"
          action={
            <button
              type="button"
              onClick={dismissStateError}
              className="-m-1 rounded p-1 text-red-700 hover:bg-red-100"
              aria-label="Dismiss message"
            >
              <X className="size-4" aria-hidden />
            </button>
          }
        >
          {stateError}
        </Alert>
      )}
      <WelcomeBanner
        email={user.email}
        hasProjects={(projectCount ?? 0) > 0}
        creditBalance={creditBalance}
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ProjectsOverview
          onOpenLogs={openLogs}
          renderDeploy={renderDeploy}
          renderHosting={renderHosting}
        />
        <aside aria-label="Account and integrations" className="space-y-6">
          <ProfilePanel />
          <GithubIntegrationPanel />
          <CreditHistory />
        </aside>
      </div>
      {logs && (
        <JobLogViewer
          jobId={logs.jobId}
          title={`Logs: ${logs.name}`}
          open={isLogsOpen}
          onOpenChange={(open) => {
            setIsLogsOpen(open);
            if (!open) {
              closeTimer.current = setTimeout(() => setLogs(null), DIALOG_CLOSE_DELAY_MS);
            }
          }}
        />
      )}
    </div>
  );
}
