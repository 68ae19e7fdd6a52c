import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** What screens pass each other through router state. */
export interface NavigationState {
  /** Where a guard sent the user from, to return there after signing in. */
  from?: { pathname?: string; search?: string; hash?: string };
  /** A success message for the next screen's banner (e.g. the dashboard's success banner). */
  message?: string;
  /** An error message for the next screen's error banner (e.g. a failed verification link). */
  error?: string;
}

function asState(state: unknown): NavigationState {
  return typeof state === 'object' && state !== null ? (state as NavigationState) : {};
}

/** The remembered origin as a path, or `fallback`; never an external or guest-only URL. */
export function getFromPath(state: unknown, fallback: string): string {
  const from = asState(state).from;
  const pathname = from?.pathname;
  if (!pathname || !pathname.startsWith('/') || pathname.startsWith('//')) return fallback;
  if (pathname === '/login' || pathname === '/register') return fallback;
  return `${pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** The success message passed in router state, if any. */
export function getStateMessage(state: unknown): string | null {
  const message = asState(state).message;
  return typeof message === 'string' && message !== '' ? message : null;
}

/** The error message passed in router state, if any. */
export function getStateError(state: unknown): string | null {
  const error = asState(state).error;
  return typeof error === 'string' && error !== '' ? error : null;
}

function useOneTimeStateValue(
  key: 'message' | 'error',
  read: (state: unknown) => string | null,
): [string | null, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [value, setValue] = useState<string | null>(() => read(location.state));
  useEffect(() => {
    const incoming = read(location.state);
    if (incoming === null) return;
    setValue(incoming);
    const rest = { ...asState(location.state) };
    delete rest[key];
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: Object.keys(rest).length > 0 ? rest : null },
    );
  }, [location, navigate, key, read]);
  return [value, useCallback(() => setValue(null), [])];
}

/**
 * The success message the previous screen passed in router state, shown once: it is read into
 * component state and dropped from the history entry at once, so a reload (browsers keep history
 * state across reloads) or going back and forth does not show it again. The second value hides it.
 */
export function useOneTimeStateMessage(): [string | null, () => void] {
  return useOneTimeStateValue('message', getStateMessage);
}

/** The error message passed in router state (the error flag), shown once like the success message. */
export function useOneTimeStateError(): [string | null, () => void] {
  return useOneTimeStateValue('error', getStateError);
}
