import { Coins, Sparkles } from 'lucide-react';
import { NoticeScreen } from '../../../components/ui/notice-screen';
import { ButtonLink } from '../../../components/ui/button';
import { landingAnchors, paths } from '../../../config/paths';
import { BILLING_TEXTS } from '../utils/billing-texts';
import { PROJECT_MESSAGES } from '@sitelift/shared/messages';

/** The create-project form's line about what a submit costs (issue 13). */
export function CreditUsageNote({ balance }: { balance: number }) {
  return (
    <p className="flex items-center gap-2 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-100">
      <Sparkles className="size-4 shrink-0 text-brand-600" aria-hidden />
      {BILLING_TEXTS.usesOneCredit(balance)}
    </p>
  );
}

/** Shown instead of the create-project form when the user has no credits: pricing comes first. */
export function NoCreditsScreen() {
  return (
    <NoticeScreen
      icon={Coins}
      eyebrow="No credits left"
      title="Get credits to modernize another site"
      actions={
        <>
          <ButtonLink to={`${paths.home.getHref()}#${landingAnchors.pricing}`} size="lg">
            See plans and pricing
          </ButtonLink>
          <ButtonLink to={paths.billing.getHref()} variant="outline" size="lg">
            Billing and referrals
          </ButtonLink>
        </>
      }
    >
      <p>{PROJECT_MESSAGES.noCredits}</p>
      <p>One credit modernizes one site, and a failed modernization gives its credit back.</p>
    </NoticeScreen>
  );
}
