import { BadgeCheck, Building2, CalendarDays, CircleAlert, Mail, UserRoundPen } from 'lucide-react';
import { toast } from 'sonner';
import { AUTH_MESSAGES, PROFILE_MESSAGES } from '@sitelift/shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import { useProfile } from '../api/get-profile';
import { sendVerificationEmail } from '../api/send-verification-email';

const MEMBER_SINCE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * The dashboard's profile panel (spec §2): avatar, name or 'No name set', e-mail, company, member
 * since, Verified / Not verified (with a resend button), a complete-profile prompt and Edit Profile.
 */
export function ProfilePanel() {
  const { profile, isFallback, isLoading } = useProfile();
  const resend = useMutation({
    mutationFn: (email: string) => sendVerificationEmail(email),
    onSuccess: () => toast.success(AUTH_MESSAGES.verificationSent),
    onError: (error) => {
      reportError('Resend verification failed', error);
      toast.error(getErrorMessage(error, AUTH_MESSAGES.verificationFailed));
    },
  });

  return (
    <section
      aria-labelledby="profile-panel-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="profile-panel-heading" className="text-base font-semibold text-slate-900">
        Your account
      </h2>
      {isLoading || !profile ? (
        <div className="flex items-center gap-2 py-8 text-sm text-slate-500" role="status">
          <Spinner className="text-brand-600" /> Loading...
        </div>
      ) : (
        <>
          {isFallback && (
            <Alert tone="warning" className="mt-4">
              {PROFILE_MESSAGES.fallback}
            </Alert>
          )}
          <div className="mt-5 flex items-center gap-4">
            <Avatar
              fullName={profile.full_name}
              email={profile.email}
              imageUrl={profile.avatar_url}
              size="lg"
            />
            <div className="min-w-0">
              <p
                className={
                  profile.full_name
                    ? 'truncate text-lg font-semibold text-slate-900'
                    : 'text-lg font-medium text-slate-500 italic'
                }
              >
                {profile.full_name ?? PROFILE_MESSAGES.noNameSet}
              </p>
              {profile.email_verified ? (
                <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/20">
                  <BadgeCheck className="size-3.5" aria-hidden /> Verified
                </span>
              ) : (
                <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-600/20">
                  <CircleAlert className="size-3.5" aria-hidden /> Not verified
                </span>
              )}
            </div>
          </div>

          <dl className="mt-5 space-y-3 text-sm">
            <div className="flex items-start gap-3">
              <dt>
                <Mail className="mt-0.5 size-4 text-slate-400" aria-hidden />
                <span className="sr-only">Email</span>
              </dt>
              <dd className="min-w-0 break-all text-slate-700">{profile.email}</dd>
            </div>
            <div className="flex items-start gap-3">
              <dt>
                <Building2 className="mt-0.5 size-4 text-slate-400" aria-hidden />
                <span className="sr-only">Company</span>
              </dt>
              <dd className={profile.company_name ? 'text-slate-700' : 'text-slate-500'}>
                {profile.company_name ?? 'No company set'}
              </dd>
            </div>
            <div className="flex items-start gap-3">
              <dt>
                <CalendarDays className="mt-0.5 size-4 text-slate-400" aria-hidden />
                <span className="sr-only">Member since</span>
              </dt>
              <dd className="text-slate-700">
                Member since {MEMBER_SINCE.format(profile.created_at)}
              </dd>
            </div>
          </dl>

          {!profile.email_verified && (
            <div className="mt-5 rounded-xl border border-amber-200 bg-amber-50 p-4">
              <p className="text-sm text-amber-900">
                Verify your e-mail to create projects. Can&apos;t find the message?
              </p>
              <Button
                variant="outline"
                size="sm"
                className="mt-3"
                disabled={resend.isPending}
                onClick={() => resend.mutate(profile.email)}
              >
                {resend.isPending ? 'Sending...' : 'Resend verification e-mail'}
              </Button>
            </div>
          )}

          {(!profile.full_name || !profile.company_name) && (
            <div className="mt-5 rounded-xl border border-brand-100 bg-brand-50 p-4">
              <p className="text-sm font-medium text-brand-900">Complete your profile</p>
              <p className="mt-1 text-sm text-brand-800">
                Add your {!profile.full_name ? 'name' : ''}
                {!profile.full_name && !profile.company_name ? ' and ' : ''}
                {!profile.company_name ? 'company' : ''} so your workspace feels like yours.
              </p>
            </div>
          )}

          <ButtonLink to={paths.editProfile.getHref()} variant="outline" className="mt-5 w-full">
            <UserRoundPen className="size-4" aria-hidden /> Edit Profile
          </ButtonLink>
        </>
      )}
    </section>
  );
}
