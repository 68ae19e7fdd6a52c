import { Link } from 'react-router';
import type { SessionUser } from '@sitelift/shared/schemas/auth';
import { paths } from '../../config/paths';
import { cn } from '../../utils/cn';
import { Avatar } from '../ui/avatar';
import { MOBILE_LINK } from './mobile-link';
import { useSignOut } from './use-sign-out';

/** The signed-in part of the top bar's mobile menu: who is signed in, their screens, Sign Out. */
export function MobileAccountMenu({
  user,
  onNavigate,
}: {
  user: SessionUser;
  onNavigate: () => void;
}) {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <>
      <div className="flex items-center gap-3 px-3 py-3">
        <Avatar
          fullName={user.fullName ?? user.name}
          email={user.email}
          imageUrl={user.avatarUrl ?? user.image}
        />
        <div className="min-w-0">
          <p className="text-xs text-slate-500">Signed in as</p>
          <p className="truncate text-sm font-semibold text-slate-900">{user.email}</p>
        </div>
      </div>
      <ul>
        <li>
          <Link to={paths.dashboard.getHref()} className={MOBILE_LINK} onClick={onNavigate}>
            Dashboard
          </Link>
        </li>
        <li>
          <Link to={paths.createProject.getHref()} className={MOBILE_LINK} onClick={onNavigate}>
            Create Project
          </Link>
        </li>
        <li>
          <Link to={paths.editProfile.getHref()} className={MOBILE_LINK} onClick={onNavigate}>
            Edit Profile
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={cn(MOBILE_LINK, 'w-full text-left')}
            onClick={signOut}
            disabled={isSigningOut}
          >
            Sign Out
          </button>
        </li>
      </ul>
    </>
  );
}
