import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Menu, X } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { landingAnchors, paths } from '../../config/paths';
import { useSession } from '../../lib/auth';
import { LinkButton } from '../ui/link-button';
import { Logo } from '../ui/logo';
import { MOBILE_LINK } from './mobile-link';
import { UserMenu } from './user-menu';

// The signed-in part of the mobile menu (sign-out and its data cache) loads when first opened, so
// the prerendered public pages, whose visitors are mostly signed out, hydrate without it.
const MobileAccountMenu = lazy(async () => ({
  default: (await import('./mobile-account-menu')).MobileAccountMenu,
}));

/** Top bar variants (spec §2): minimal on the account screens, full elsewhere. */
export type TopBarVariant = 'minimal' | 'full';

const ANCHORS = [
  { id: landingAnchors.features, label: 'Features' },
  { id: landingAnchors.pricing, label: 'Pricing' },
  { id: landingAnchors.faq, label: 'FAQ' },
];

const NAV_LINK =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 hover:bg-slate-100';
/** NAV_LINK of the current page (its colour in place of text-slate-600; no class merging needed). */
const NAV_LINK_ACTIVE =
  'rounded-md px-3 py-2 text-sm font-medium text-brand-700 transition-colors hover:text-slate-900 hover:bg-slate-100';

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
                    className={({ isActive }) => (isActive ? NAV_LINK_ACTIVE : NAV_LINK)}
                  >
                    Create Project
                  </NavLink>
                )}
                <NavLink
                  to={paths.dashboard.getHref()}
                  className={({ isActive }) => (isActive ? NAV_LINK_ACTIVE : NAV_LINK)}
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
              <LinkButton to={paths.register.getHref()} size="sm">
                Get Started
              </LinkButton>
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

/** The mobile menu: mirrors the user menu for signed-in users, Sign In / Get Started for guests. */
function MobileMenu({ showAnchors, onNavigate }: { showAnchors: boolean; onNavigate: () => void }) {
  const { user } = useSession();
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
        <Suspense fallback={null}>
          <MobileAccountMenu user={user} onNavigate={onNavigate} />
        </Suspense>
      ) : (
        <div className="flex flex-col gap-2 pt-3">
          <LinkButton to={paths.login.getHref()} variant="outline" size="lg" onClick={onNavigate}>
            Sign In
          </LinkButton>
          <LinkButton to={paths.register.getHref()} size="lg" onClick={onNavigate}>
            Get Started
          </LinkButton>
        </div>
      )}
    </nav>
  );
}
