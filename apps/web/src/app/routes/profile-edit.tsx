import { EditProfileForm } from '../../features/profile/components/edit-profile-form';

/** /profile/edit */
export function ProfileEditRoute() {
  return (
    <>
      <title>Edit Profile — Sitelift</title>
      <EditProfileForm />
    </>
  );
}
