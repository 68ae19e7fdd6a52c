import { useLocation } from 'react-router';
import { useCreditBalance } from '../../features/billing/api/get-credits';
import { useProjectCount } from '../../features/dashboard/api/get-project-count';
import { ProjectsIntro } from '../../features/dashboard/components/projects-intro';
import { SuccessBanner } from '../../features/dashboard/components/success-banner';
import { WelcomeBanner } from '../../features/dashboard/components/welcome-banner';
import { ProfilePanel } from '../../features/profile/components/profile-panel';
import { useSession } from '../../lib/auth';
import { getStateMessage } from '../../utils/navigation-state';

/** /dashboard — welcome banner, success banner, projects area and the account panel. */
export function DashboardRoute() {
  const { user } = useSession();
  const location = useLocation();
  const creditBalance = useCreditBalance();
  const projectCount = useProjectCount();
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <title>Dashboard — Sitelift</title>
      <SuccessBanner message={getStateMessage(location.state)} />
      <WelcomeBanner
        email={user.email}
        hasProjects={(projectCount ?? 0) > 0}
        creditBalance={creditBalance}
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ProjectsIntro />
        <aside aria-label="Account and integrations">
          <ProfilePanel />
        </aside>
      </div>
    </div>
  );
}
