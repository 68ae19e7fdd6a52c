import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Mail } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, PROFILE_MESSAGES } from '@sitelift/shared/messages';
import type { Profile } from '@sitelift/shared/schemas/auth';
import { profileUpdateSchema } from '@sitelift/shared/validation/profile';
import type { ProfileUpdate, ProfileUpdateInput } from '@sitelift/shared/validation/profile';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { FormActions } from '../../../components/ui/form-actions';
import { FormShell } from '../../../components/ui/form-shell';
import { LoadingScreen } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/auth';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import type { NavigationState } from '../../../utils/navigation-state';
import { PROFILE_QUERY_KEY, useProfile } from '../api/get-profile';
import { updateProfile } from '../api/update-profile';
import { ChangeEmailDialog } from './change-email-dialog';
import { ChangePasswordDialog } from './change-password-dialog';
import { AiModelSettings } from './ai-model-settings';
import { ApiKeySettings } from './api-key-settings';
import { NotificationSettings } from './notification-settings';

/** Delay before a saved profile goes on to the dashboard (spec §9). */
export const PROFILE_REDIRECT_DELAY_MS = 2000;

/** Edit Profile (spec §2): full name, company, avatar URL, the read-only e-mail and the two modals. */
export function EditProfileForm({ extraSections }: { extraSections?: ReactNode } = {}) {
  const { profile, isFallback, isLoading } = useProfile();
  if (isLoading || !profile) return <LoadingScreen />;
  return (
    <EditProfileFormLoaded
      profile={profile}
      isFallback={isFallback}
      extraSections={extraSections}
    />
  );
}

function EditProfileFormLoaded({
  profile,
  isFallback,
  extraSections,
}: {
  profile: Profile;
  isFallback: boolean;
  /** Sections of other features below the profile's own (the route composes them). */
  extraSections?: ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The e-mail change confirmation link ends here, with ?error=... when it failed: the message is
  // kept, the code leaves the address bar (a reload or a shared address does not repeat it).
  const [searchParams, setSearchParams] = useSearchParams();
  const [linkError] = useState(() => searchParams.get('error'));
  useEffect(() => {
    if (!searchParams.has('error')) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete('error');
    setSearchParams(rest, { replace: true });
  }, [searchParams, setSearchParams]);
  const [result, setResult] = useState<{ tone: 'success' | 'warning'; message: string } | null>(
    null,
  );
  const [serverError, setServerError] = useState<string | null>(null);
  const [openDialog, setOpenDialog] = useState<'email' | 'password' | null>(null);
  const form = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      full_name: profile.full_name ?? '',
      company_name: profile.company_name ?? '',
      avatar_url: profile.avatar_url ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [fullName, avatarUrl] = useWatch({
    control: form.control,
    name: ['full_name', 'avatar_url'],
  });

  useEffect(() => {
    if (!result) return;
    const state: NavigationState = { message: result.message };
    const timer = setTimeout(
      () => navigate(paths.dashboard.getHref(), { state }),
      PROFILE_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [result, navigate]);

  const onValid = async (values: ProfileUpdate) => {
    try {
      const outcome = await updateProfile(values);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]);
      setResult(
        outcome === 'full'
          ? { tone: 'success', message: PROFILE_MESSAGES.updated }
          : { tone: 'warning', message: PROFILE_MESSAGES.updatedBasicOnly },
      );
    } catch (error) {
      reportError('Profile update failed', error);
      setServerError(getErrorMessage(error, PROFILE_MESSAGES.updateFailed));
    }
  };

  const isBusy = isSubmitting || result !== null;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Edit Profile
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Keep your details current — they appear on your dashboard and on exported projects.
        </p>
      </div>

      {linkError && (
        <Alert tone="error" className="mb-6">
          {AUTH_MESSAGES.changeEmailLinkInvalid}
        </Alert>
      )}
      {isFallback && (
        <Alert tone="warning" className="mb-6">
          {PROFILE_MESSAGES.fallback}
        </Alert>
      )}
      {result && (
        <Alert tone={result.tone} className="mb-6">
          {result.message} Taking you to your dashboard…
        </Alert>
      )}

      <FormShell
        label="Edit profile"
        variant="card"
        legend="Profile details"
        serverError={serverError}
        disabled={isBusy}
        onSubmitStart={() => setServerError(null)}
        onSubmit={form.handleSubmit(onValid)}
        footer={
          <FormActions variant="card" cancelTo={paths.dashboard.getHref()}>
            <Button type="submit" disabled={isBusy}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </FormActions>
        }
      >
        <div className="flex items-center gap-4">
          <Avatar fullName={fullName} email={profile.email} imageUrl={avatarUrl} size="lg" />
          <div className="min-w-0">
            <p className="truncate text-base font-semibold text-slate-900">
              {fullName.trim() || PROFILE_MESSAGES.noNameSet}
            </p>
            <p className="truncate text-sm text-slate-600">{profile.email}</p>
          </div>
        </div>

        <div className="grid gap-6 sm:grid-cols-2">
          <FormField
            label="Full Name"
            autoComplete="name"
            placeholder="Ada Lovelace"
            error={errors.full_name?.message}
            {...form.register('full_name')}
          />
          <FormField
            label="Company Name"
            autoComplete="organization"
            placeholder="Acme Studio"
            error={errors.company_name?.message}
            {...form.register('company_name')}
          />
        </div>
        <FormField
          label="Avatar URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/me.png"
          hint="A link to a square image (PNG, JPG or SVG). Leave empty to show your initials."
          error={errors.avatar_url?.message}
          {...form.register('avatar_url')}
        />

        <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
          <h2 className="text-sm font-semibold text-slate-900">Sign-in details</h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
            <FormField
              label="Email"
              type="email"
              value={profile.email}
              readOnly
              aria-readonly
              hint="Your e-mail changes only after you confirm the new address."
            />
            <Button
              variant="outline"
              onClick={() => setOpenDialog('email')}
              className="sm:mb-[1.375rem]"
            >
              <Mail className="size-4" aria-hidden /> Change Email
            </Button>
          </div>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
            <p className="text-sm text-slate-600">Password</p>
            <Button variant="outline" onClick={() => setOpenDialog('password')}>
              <KeyRound className="size-4" aria-hidden /> Change Password
            </Button>
          </div>
        </div>
      </FormShell>

      {!isFallback && <NotificationSettings profile={profile} />}
      {!isFallback && <AiModelSettings />}
      {!isFallback && <ApiKeySettings />}
      {!isFallback && extraSections}

      <ChangeEmailDialog
        open={openDialog === 'email'}
        onOpenChange={(open) => setOpenDialog(open ? 'email' : null)}
        currentEmail={profile.email}
      />
      <ChangePasswordDialog
        open={openDialog === 'password'}
        onOpenChange={(open) => setOpenDialog(open ? 'password' : null)}
      />
    </div>
  );
}
