import { HostingSettings } from '../../features/hosting/components/hosting-settings';
import { EditProfileForm } from '../../features/profile/components/edit-profile-form';
import { SecuritySettings } from '../../features/security/components/security-settings';

/**
 * /profile/edit: the profile, then Settings → Hosting (issue 27) and the Security section (two-factor,
 * devices, your data).
 */
export function ProfileEditRoute() {
  return (
    <>
      <title>Edit Profile — Sitelift</title>
      <EditProfileForm
        extraSections={
          <>
            <HostingSettings />
            <SecuritySettings />
          </>
        }
      />
    </>
  );
}
