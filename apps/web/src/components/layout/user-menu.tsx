import { lazy, Suspense } from 'react';
import type { SessionUser } from '@sitelift/shared/schemas/auth';
import { Avatar } from '../ui/avatar';

// Radix's dropdown (with its positioning and focus libraries) loads only for signed-in users, so the
// public pages' first load stays small (issue 13 item 6).
const UserMenuDropdown = lazy(async () => ({
  default: (await import('./user-menu-dropdown')).UserMenuDropdown,
}));

/** The user menu (spec §2): 'Signed in as' {email}, Dashboard, Create Project, Edit Profile, Sign Out. */
export function UserMenu({ user }: { user: SessionUser }) {
  return (
    <Suspense
      fallback={
        // The trigger's look while the menu's code loads (a moment, once per visit).
        <span className="flex items-center gap-1.5 rounded-full p-0.5 pr-1.5" aria-hidden>
          <Avatar
            fullName={user.fullName ?? user.name}
            email={user.email}
            imageUrl={user.avatarUrl ?? user.image}
            size="sm"
          />
          <span className="size-4" />
        </span>
      }
    >
      <UserMenuDropdown user={user} />
    </Suspense>
  );
}
