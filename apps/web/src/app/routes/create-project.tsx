import { sendVerificationEmail } from '../../features/profile/api/send-verification-email';
import { CreateProjectForm } from '../../features/projects/components/create-project-form';
import { useSession } from '../../lib/auth';

/** /create-project */
export function CreateProjectRoute() {
  const { user } = useSession();
  return (
    <>
      <title>Create Project — Sitelift</title>
      <CreateProjectForm
        onResendVerification={async () => {
          if (user) await sendVerificationEmail(user.email);
        }}
      />
    </>
  );
}
