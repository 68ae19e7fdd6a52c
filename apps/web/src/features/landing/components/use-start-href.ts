import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';

/** Where the landing page's main buttons go: /create-project when signed in, else /register. */
export function useStartHref(): string {
  const { user } = useSession();
  return user ? paths.createProject.getHref() : paths.register.getHref();
}
