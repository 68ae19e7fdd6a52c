/** Local-storage key of the anti-forgery state (spec §4 'Code-hosting connection', §9). */
export const OAUTH_STATE_STORAGE_KEY = 'github_oauth_state';

/** Session-storage keys where the redirect handler leaves what GitHub sent for the callback screen. */
export const CALLBACK_STORAGE_KEYS = {
  code: 'github_callback_code',
  state: 'github_callback_state',
  redirectPath: 'github_callback_redirect_path',
} as const;

const STATE_BYTES = 32;

/** A new anti-forgery state: 32 random bytes as 64 lowercase hex digits (spec §9). */
export function buildOAuthState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(STATE_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Remembers the state for the callback (spec §4). */
export function storeOAuthState(state: string): void {
  localStorage.setItem(OAUTH_STATE_STORAGE_KEY, state);
}

/**
 * Checks `state` against the stored one (spec §4): a match returns true and clears it; a mismatch
 * (or nothing stored) returns false and leaves it.
 */
export function verifyOAuthState(state: string): boolean {
  const stored = localStorage.getItem(OAUTH_STATE_STORAGE_KEY);
  if (stored === null || stored !== state) return false;
  localStorage.removeItem(OAUTH_STATE_STORAGE_KEY);
  return true;
}

/** What GitHub sent to the redirect handler, kept for the callback screen. */
export interface StoredCallback {
  code: string | null;
  state: string | null;
  /** The path GitHub redirected to: the exchange names it as `redirect_uri`. */
  redirectPath: string | null;
}

/** Keeps what the redirect handler received until the callback screen reads it. */
export function storeCallback(callback: { code: string; state: string; redirectPath: string }) {
  sessionStorage.setItem(CALLBACK_STORAGE_KEYS.code, callback.code);
  sessionStorage.setItem(CALLBACK_STORAGE_KEYS.state, callback.state);
  sessionStorage.setItem(CALLBACK_STORAGE_KEYS.redirectPath, callback.redirectPath);
}

/** Reads and removes what the redirect handler kept (a code is good for one exchange only). */
export function takeStoredCallback(): StoredCallback {
  const callback = {
    code: sessionStorage.getItem(CALLBACK_STORAGE_KEYS.code),
    state: sessionStorage.getItem(CALLBACK_STORAGE_KEYS.state),
    redirectPath: sessionStorage.getItem(CALLBACK_STORAGE_KEYS.redirectPath),
  };
  for (const key of Object.values(CALLBACK_STORAGE_KEYS)) sessionStorage.removeItem(key);
  return callback;
}
