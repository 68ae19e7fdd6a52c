import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, FolderPlus, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { SessionUser } from '@sitelift/shared/schemas/auth';
import { paths } from '../../config/paths';
import { Avatar } from '../ui/avatar';
import { useSignOut } from './use-sign-out';

const ITEM =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/** The user menu's dropdown (spec §2): 'Signed in as' {email}, Dashboard, Create Project, Edit Profile, Sign Out. */
export function UserMenuDropdown({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const { signOut, isSigningOut } = useSignOut();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex items-center gap-1.5 rounded-full p-0.5 pr-1.5 hover:bg-slate-100 data-[state=open]:bg-slate-100">
        <span className="sr-only">Open user menu</span>
        <Avatar
          fullName={user.fullName ?? user.name}
          email={user.email}
          imageUrl={user.avatarUrl ?? user.image}
          size="sm"
        />
        <ChevronDown className="size-4 text-slate-500" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg data-[state=open]:animate-fade-in"
        >
          <div className="px-2.5 py-2">
            <p className="text-xs text-slate-500">Signed in as</p>
            <p className="truncate text-sm font-semibold text-slate-900" title={user.email}>
              {user.email}
            </p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={ITEM} onSelect={() => navigate(paths.dashboard.getHref())}>
            <LayoutDashboard className="size-4 text-slate-500" aria-hidden /> Dashboard
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={ITEM}
            onSelect={() => navigate(paths.createProject.getHref())}
          >
            <FolderPlus className="size-4 text-slate-500" aria-hidden /> Create Project
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={ITEM}
            onSelect={() => navigate(paths.editProfile.getHref())}
          >
            <UserRound className="size-4 text-slate-500" aria-hidden /> Edit Profile
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={ITEM} disabled={isSigningOut} onSelect={signOut}>
            <LogOut className="size-4 text-slate-500" aria-hidden /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
