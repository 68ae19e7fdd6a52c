import { useSyncExternalStore } from 'react';
import type { SessionResponse, SessionUser } from '@sitelift/shared/schemas/auth';
import type { QueryClient } from '../lib/query-client';

/**
 * The session of the prerendered public pages (issue 13 item 6): what `lib/auth.ts` gives the code
 * those pages run (`useSession`, and for the lazily loaded user menu `signOut` and `clearSession`),
 * without the data cache (TanStack Query) and the schema library the app reads the session with.
 * `scripts/prerender.mjs` resolves `lib/auth.ts` to this module in the public builds only. The
 * session is read once per page load, when first asked for; the prerendering renders it as loading.
 */

type SessionState = { user: SessionUser | null; isLoading: boolean };

const LOADING: SessionState = { user: null, isLoading: true };
let state: SessionState = LOADING;
let requested = false;
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The user of a `GET /api/auth/get-session` answer, or null when it holds none. */
export function sessionUserOf(body: unknown): SessionUser | null {
  const user = (body as { user?: Record<string, unknown> } | null)?.user;
  if (!user || typeof user.id !== 'string' || typeof user.email !== 'string') return null;
  return { ...user, createdAt: new Date(String(user.createdAt)) } as SessionUser;
}

async function readSession(): Promise<void> {
  try {
    const response = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    const body: unknown = response.ok ? await response.json() : null;
    setState({ user: sessionUserOf(body), isLoading: false });
  } catch {
    // Offline or refused: the page shows the signed-out links, which still lead to the app.
    setState({ user: null, isLoading: false });
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!requested) {
    requested = true;
    void readSession();
  }
  return () => listeners.delete(listener);
}

/** The signed-in user (or null) and whether the session is still resolving. */
export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
}

/** Ends the session on the server; a 401/403/404 means it is already gone (spec §8 Auth client). */
export async function signOut(): Promise<void> {
  const response = await fetch('/api/auth/sign-out', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: '{}',
  });
  if (!response.ok && ![401, 403, 404].includes(response.status)) {
    throw Object.assign(new Error(`Sign out failed (${response.status})`), {
      status: response.status,
    });
  }
}

/** Forgets the signed-in user and every cached answer that belonged to them. */
export function clearSession(queryClient: QueryClient): void {
  setState({ user: null, isLoading: false });
  queryClient.removeQueries();
}

export type { SessionResponse };
