import { useCreditBalanceQuery } from '../../features/billing/api/get-credits';
import { CreditUsageNote, NoCreditsScreen } from '../../features/billing/components/credit-notices';
import { useAiSettings } from '../../features/profile/api/ai-settings';
import { sendVerificationEmail } from '../../features/profile/api/send-verification-email';
import { AiRunNotice } from '../../features/profile/components/ai-run-notice';
import { CreateProjectForm } from '../../features/projects/components/create-project-form';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/auth';

/** /create-project — with no credits left, pricing comes before the form (issue 13). */
export function CreateProjectRoute() {
  const { user } = useSession();
  const credits = useCreditBalanceQuery({ enabled: user !== null });
  const aiSettings = useAiSettings({ enabled: user !== null });
  return (
    <>
      <title>Create Project — Sitelift</title>
      {credits.data !== undefined && credits.data <= 0 ? (
        <NoCreditsScreen />
      ) : (
        <CreateProjectForm
          creditNotice={
            credits.data === undefined ? null : <CreditUsageNote balance={credits.data} />
          }
          renderAiNotice={(pages, additions) => (
            <AiRunNotice settings={aiSettings.data} pages={pages} additions={additions} />
          )}
          onResendVerification={async () => {
            if (user) await sendVerificationEmail(user.email);
          }}
        />
      )}
      <p className="mx-auto -mt-4 max-w-2xl px-4 pb-10 text-center text-sm text-slate-600">
        Rebuilding many sites?{' '}
        <Link to={paths.batches.getHref()} className="font-medium text-brand-700 hover:underline">
          Start a batch from a list of URLs
        </Link>
      </p>
    </>
  );
}
