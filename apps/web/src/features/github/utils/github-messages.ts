/** The texts of spec §8 'Code-hosting' and §2 (callback screen), word for word. */
export const GITHUB_MESSAGES = {
  connected: 'GitHub account connected successfully!',
  connectFailed: 'Failed to connect GitHub account.',
  disconnectFailed: 'Failed to disconnect GitHub account. Please try again.',
  missingCodeOrState: 'Missing authorization code or state parameter',
  invalidState: 'Invalid state parameter. Please try connecting again.',
  unknownDeployError: 'An unknown error occurred.',
  /** Spec §5: a deploy without a signed-in user (the session ended while the dashboard was open). */
  deployNeedsLogin: 'You must be logged in to deploy to GitHub.',
} as const;

/** Delay before the callback screen returns to the dashboard after connecting (spec §9). */
export const GITHUB_CONNECTED_REDIRECT_DELAY_MS = 1500;
