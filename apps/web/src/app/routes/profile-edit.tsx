import { EditProfileForm } from '../../features/profile/components/edit-profile-form';
import { SecuritySettings } from '../../features/security/components/security-settings';

/** /profile/edit: the profile, then the Security section (two-factor, devices, your data). */
export function ProfileEditRoute() {
  return (
    <>
      <title>Edit Profile — Sitelift</title>
      <EditProfileForm extraSections={<SecuritySettings />} />
    </>
  );
}
