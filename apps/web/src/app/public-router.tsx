import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { reloadPage } from '../lib/reload-page';

/**
 * The router of the prerendered public pages (issue 13 item 6): the few parts of react-router's API
 * that code reachable from `/`, `/terms` and `/privacy` uses, so their bundle does not carry the
 * router (12 KB gzipped). `scripts/prerender.mjs` resolves `react-router` to this module in the
 * public builds only (the browser's and the prerendering one); the app and the tests use the real
 * router. Moving between the public pages changes the URL in place; any other path loads that URL
 * from the server (the full app), keeping the navigation's `state` in `history.state` the way
 * react-router stores it (`{ usr, key, idx }`), so the app's router reads it after the load.
 */

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void | Promise<void>;
  (delta: number): void | Promise<void>;
}

/** The paths this bundle renders itself; every other one is a page load. */
const PUBLIC_PATHS = new Set(['/', '/terms', '/privacy']);

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);

function hrefOf(to: To): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}` || '/';
}

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state = (window.history.state ?? null) as { usr?: unknown; key?: string } | null;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
}

function staticLocation(url: string): Location {
  const parsed = new URL(url, 'http://localhost');
  const { pathname, search, hash } = parsed;
  return { pathname, search, hash, state: null, key: 'default' };
}

/** Keeps track of the browser's URL; `navigate` pushes public pages and loads any other one. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    const onPopState = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigate = useCallback<NavigateFunction>((to: To | number, options?: NavigateOptions) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const url = new URL(hrefOf(to), window.location.href);
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    const key = Math.random().toString(36).slice(2, 10);
    const entry = { usr: options?.state ?? null, key, idx: options?.replace ? index : index + 1 };
    const href = `${url.pathname}${url.search}${url.hash}`;
    if (options?.replace) window.history.replaceState(entry, '', href);
    else window.history.pushState(entry, '', href);
    if (PUBLIC_PATHS.has(url.pathname.replace(/(.)\/+$/, '$1'))) setLocation(currentLocation());
    else reloadPage();
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** The router of the prerendering: a fixed location, no navigation. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo(
    () => ({ location: staticLocation(location), navigate: () => undefined }),
    [location],
  );
  return <RouterContext value={value}>{children}</RouterContext>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A public page component rendered outside its router');
  return router;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/** A plain click (no modifier key, same tab) that the router should handle itself. */
function isRouterClick(event: MouseEvent<HTMLAnchorElement>, target?: string): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export function Link({ to, replace, state, onClick, target, ...props }: LinkProps) {
  const { navigate } = useRouter();
  const href = hrefOf(to);
  return (
    <a
      {...props}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isRouterClick(event, target)) return;
        event.preventDefault();
        void navigate(href, { replace, state });
      }}
    />
  );
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  className?: string | ((props: { isActive: boolean }) => string | undefined);
};

export function NavLink({ className, ...props }: NavLinkProps) {
  const { location } = useRouter();
  const target = hrefOf(props.to).split(/[?#]/)[0] ?? '';
  const isActive =
    location.pathname === target || location.pathname.startsWith(`${target.replace(/\/$/, '')}/`);
  return (
    <Link
      {...props}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** The public pages have no route error elements (the data router's); nothing to report. */
export function useRouteError(): unknown {
  return undefined;
}
