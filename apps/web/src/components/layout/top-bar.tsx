import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Menu, X } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { landingAnchors, paths } from '../../config/paths';
import { useSession } from '../../lib/auth';
import { cn } from '../../utils/cn';
import { Avatar } from '../ui/avatar';
import { ButtonLink } from '../ui/button';
import { Logo } from '../ui/logo';
import { UserMenu } from './user-menu';
import { useSignOut } from './use-sign-out';

/** Top bar variants (spec §2): minimal on the account screens, full elsewhere. */
export type TopBarVariant = 'minimal' | 'full';

const ANCHORS = [
  { id: landingAnchors.features, label: 'Features' },
  { id: landingAnchors.pricing, label: 'Pricing' },
  { id: landingAnchors.faq, label: 'FAQ' },
];

const NAV_LINK =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 hover:bg-slate-100';

/**
 * The top bar: logo, navigation for guests or the signed-in user, user menu and mobile menu.
 * `accountExtras` (e.g. the credit balance) shows beside the user menu for signed-in users.
 */
export function TopBar({
  variant = 'full',
  accountExtras,
}: {
  variant?: TopBarVariant;
  accountExtras?: ReactNode;
}) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const isHome = location.pathname === '/';
  const showAnchors = variant === 'full' && isHome;
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // A navigation closes the mobile menu.
    setIsMobileOpen(false);
  }, [location.pathname, location.hash]);

  useEffect(() => {
    if (!isMobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMobileOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMobileOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />

        {showAnchors && (
          <nav aria-label="Sections" className="hidden items-center gap-1 md:flex">
            {ANCHORS.map((anchor) => (
              <a key={anchor.id} href={`#${anchor.id}`} className={NAV_LINK}>
                {anchor.label}
              </a>
            ))}
          </nav>
        )}

        <div className="hidden items-center gap-2 md:flex">
          {isLoading ? (
            <span className="h-9 w-40" aria-hidden />
          ) : user ? (
            <>
              <nav aria-label="Account" className="flex items-center gap-1">
                {variant === 'full' && !isHome && (
                  <NavLink
                    to={paths.createProject.getHref()}
                    className={({ isActive }) => cn(NAV_LINK, isActive && 'text-brand-700')}
                  >
                    Create Project
                  </NavLink>
                )}
                <NavLink
                  to={paths.dashboard.getHref()}
                  className={({ isActive }) => cn(NAV_LINK, isActive && 'text-brand-700')}
                >
                  Dashboard
                </NavLink>
              </nav>
              {accountExtras}
              <UserMenu user={user} />
            </>
          ) : (
            <>
              <Link to={paths.login.getHref()} className={NAV_LINK}>
                Sign In
              </Link>
              <ButtonLink to={paths.register.getHref()} size="sm">
                Get Started
              </ButtonLink>
            </>
          )}
        </div>

        {user && accountExtras && (
          <div className="ml-auto flex items-center md:hidden">{accountExtras}</div>
        )}
        <button
          ref={toggleRef}
          type="button"
          className="-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={isMobileOpen}
          aria-controls="mobile-menu"
          aria-label={isMobileOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setIsMobileOpen((open) => !open)}
        >
          {isMobileOpen ? (
            <X className="size-6" aria-hidden />
          ) : (
            <Menu className="size-6" aria-hidden />
          )}
        </button>
      </div>

      {isMobileOpen && (
        <MobileMenu showAnchors={showAnchors} onNavigate={() => setIsMobileOpen(false)} />
      )}
    </header>
  );
}

const MOBILE_LINK =
  'block rounded-lg px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';

/** The mobile menu: mirrors the user menu for signed-in users, Sign In / Get Started for guests. */
function MobileMenu({ showAnchors, onNavigate }: { showAnchors: boolean; onNavigate: () => void }) {
  const { user } = useSession();
  const { signOut, isSigningOut } = useSignOut();
  return (
    <nav
      id="mobile-menu"
      aria-label="Mobile"
      className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg md:hidden"
    >
      {showAnchors && (
        <ul className="border-b border-slate-100 pb-2">
          {ANCHORS.map((anchor) => (
            <li key={anchor.id}>
              <a href={`#${anchor.id}`} className={MOBILE_LINK} onClick={onNavigate}>
                {anchor.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      {user ? (
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
      ) : (
        <div className="flex flex-col gap-2 pt-3">
          <ButtonLink to={paths.login.getHref()} variant="outline" size="lg" onClick={onNavigate}>
            Sign In
          </ButtonLink>
          <ButtonLink to={paths.register.getHref()} size="lg" onClick={onNavigate}>
            Get Started
          </ButtonLink>
        </div>
      )}
    </nav>
  );
}
