/**
 * User-facing texts of the product specification (§2, §5, §8) and of the flows Sitelift adds
 * (DESIGN.md §3). The web app shows these; the server may reuse them so both say the same thing.
 */

/** Validation messages (spec §5), word for word. */
export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin6: 'Password must be at least 6 characters',
  passwordMin8: 'Password must be at least 8 characters',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  /** The register screen shows the rule's message with a full stop (spec §5 Registration). */
  registerPasswordsDoNotMatch: 'Passwords do not match.',
  newPasswordsDoNotMatch: 'New passwords do not match',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  confirmNewPasswordRequired: 'Please confirm your new password',
  newEmailMustDiffer: 'The new e-mail must be different from your current e-mail',
  websiteUrlRequired: 'Website URL is required',
  websiteUrlInvalid: 'Please enter a valid URL (e.g., https://example.com)',
  projectNameRequired: 'Project name is required',
  projectNameMin3: 'Project name must be at least 3 characters',
  projectNameMax: 'Project name must be at most 100 characters',
  descriptionMax: 'Description must be at most 1000 characters',
  fullNameMax: 'Full name must be at most 100 characters',
  companyNameMax: 'Company name must be at most 100 characters',
  avatarUrlInvalid: 'Please enter a valid URL starting with http:// or https://',
  avatarUrlMax: 'Avatar URL must be at most 2048 characters',
  /** PostgreSQL text cannot hold U+0000; the server prefixes the field's name (issue 10). */
  nulCharacter: 'NUL characters (U+0000) are not allowed',
  /** The create form's page paths (issue 24). */
  pathPatternInvalid: 'Each path starts with / (for example /blog/ or /news/*)',
  pathPatternMax: 'A path must be at most 200 characters',
  pathPatternsMax: 'At most 20 paths',
} as const;

/** Messages of the account screens and flows (spec §2, §8 Forms and Profile; DESIGN.md §3). */
export const AUTH_MESSAGES = {
  loginFailed: 'Login failed. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  registrationSuccess: 'Registration successful! Please check your email to verify your account.',
  signOutFailed: 'An unexpected error occurred during sign out',
  currentPasswordIncorrect: 'Current password is incorrect',
  changePasswordFailed: 'Failed to change password',
  changeEmailFailed: 'Failed to change email',
  changeEmailLinkInvalid:
    'That e-mail change link is invalid or has expired. Your e-mail address was not changed.',
  userNotFound: 'User not found',
  authenticating: 'Authenticating...',
  loading: 'Loading...',
  callbackFailed: 'We could not confirm that link. It may have expired — please sign in again.',
  /** A verification link opened again once the address is verified (issue 22 item 6). */
  emailAlreadyVerified: 'Your e-mail address is already verified.',
  emailAlreadyVerifiedSignIn: 'Your e-mail address is already verified. Sign in to continue.',
  resetRequestSent:
    "If an account exists for that e-mail, we've sent a link to reset your password. Check your inbox (and spam folder).",
  resetRequestFailed: 'We could not send the reset e-mail right now. Please try again.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetLinkMissing:
    'This password reset link is incomplete: it has no token. Open the link from the e-mail again, or request a new one.',
  resetPasswordFailed: 'An unexpected error occurred during password reset',
  resetPasswordSuccess: 'Your password has been reset. Sign in with your new password.',
  verificationSent: 'Verification e-mail sent. Please check your inbox.',
  verificationFailed: 'We could not send the verification e-mail. Please try again.',
  purchaseSignInRequired: 'Please sign in to make a purchase.',
  purchaseFailed: 'There was an error initiating the purchase. Please try again.',
} as const;

/** Messages of the profile screens (spec §8 Profile). */
export const PROFILE_MESSAGES = {
  fallback: 'Using basic profile data. Some features may be limited.',
  updateFailed: 'Failed to update profile. Please try again.',
  updatedBasicOnly: 'Profile updated (basic data only). Some features may be limited.',
  updated: 'Profile updated successfully!',
  noNameSet: 'No name set',
} as const;

/** Messages of the project screens (spec §2 Dashboard, Create project, Edit project; §8 Projects). */
export const PROJECT_MESSAGES = {
  fetchFailed: 'Failed to fetch projects.',
  /** The download broke off on the way (the network): the user's connection may be the cause. */
  downloadFailed: (name: string) =>
    `The download of ${name} did not complete. Check your connection and try again.`,
  /** The server answered with an error: nothing the user's connection can fix. */
  downloadFailedOnServer: (name: string, reason: string) =>
    `The server could not send ${name}: ${reason}. Try again in a moment.`,
  retryFailed: 'Failed to retry modernization.',
  /** 'Retry' beside 'Run again' (issue 22): what each does, as a tooltip and a line of help. */
  retryHint: 'Retry: run it again as it is set up now.',
  rerunHint:
    'Run again: choose the same or another strategy first; the previous result stays until the new one is ready.',
  retryOrRerunHelp:
    'Retry runs the project again as it is set up now. Run again lets you choose the strategy first and keeps the previous result until the new one is ready. Each uses one credit, refunded if the run fails.',
  retrying: (name: string) => `Retrying modernization for project: ${name}.`,
  deleteFailed: 'Failed to delete project.',
  deleted: (name: string) => `Project "${name}" has been deleted.`,
  createFailed: (reason: string) => `Failed to create project: ${reason}`,
  unknownError: 'An unknown error occurred.',
  created: 'Project created successfully! Modernization is now in progress.',
  fetchDetailsFailed: 'Failed to fetch project details.',
  updateFailed: 'Failed to update project.',
  updated: 'Project updated successfully!',
  unexpected: 'An unexpected error occurred.',
  notLoggedIn: 'You must be logged in to create a project.',
  noCredits:
    'You have no credits left. Buy a plan or a single refresh to modernize another website.',
  emailNotVerified: 'Please verify your e-mail address before creating a project.',
  noProjects: 'No Projects Yet!',
  noMatches: 'No Projects Found',
  loadMore: 'Load More Projects',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} projects`,
  searchPlaceholder: 'Search projects by name or URL...',
  deleteTitle: (name: string) => `Delete Project: ${name}?`,
  deleteDescription:
    'Are you sure you want to delete this project? This will permanently remove all associated data, including jobs and generated assets. This action cannot be undone.',
  deleteConfirm: 'Yes, Delete Project',
} as const;

/** Messages of downloads (spec §8 Functions and downloads). */
export const DOWNLOAD_MESSAGES = {
  authRequired: 'Authentication required to download project.',
  failed: (reason: string) => `Failed to download project: ${reason}`,
  unparseable: 'Failed to parse error response',
} as const;

/** Messages of the job log viewer (spec §2 Job log viewer, §4 Job status, §8 Logs). */
export const LOG_MESSAGES = {
  connecting: 'Connecting to log stream...',
  queued: 'Job is queued and will start soon...',
  completedEmpty: 'Job completed with no logs.',
  failedEmpty: 'Job failed with no logs.',
  completed: 'Job completed.',
  failed: 'Job failed.',
  fetchFailed: 'Failed to fetch logs',
  notLoggedIn: 'Authentication error: User is not logged in.',
  connectionFailed: 'Connection failed. Please try again.',
  connectFailed: (status: number, statusText: string) =>
    `Failed to connect: ${status} ${statusText}`.trim(),
} as const;

/** Messages of a deploy to GitHub (issue 22). */
export const DEPLOY_MESSAGES = {
  /** Follows 'GitHub API Error: …' when the repository the failed deploy created was deleted again. */
  emptyRepositoryDeleted:
    'The empty repository created for this deploy was deleted; nothing was left on your GitHub account.',
} as const;

/** Share links of a live preview (issue 22 item 3): the owner's dialog and the pages visitors see. */
export const SHARE_MESSAGES = {
  button: 'Share',
  title: (name: string) => `Share the preview of ${name}`,
  description:
    'Anyone with the link can open the live preview — no account needed — until it expires or you revoke it. Search engines are asked not to index it.',
  expiryLabel: 'Link expires after',
  expiryOption: (days: number) => (days === 1 ? '1 day' : `${days} days`),
  create: 'Create link',
  creating: 'Creating…',
  createFailed: 'The share link could not be created. Please try again.',
  copy: 'Copy link',
  copied: 'Link copied to the clipboard.',
  copyFailed: 'The link could not be copied: select it and copy it yourself.',
  shownOnce: 'Copy it now: for your safety the link is shown only once.',
  newLinkLabel: 'New share link',
  activeLinks: 'Active links',
  noActiveLinks: 'No active share links.',
  loadFailed: 'The share links could not be loaded.',
  linkSummary: (created: string, expires: string) => `Created ${created} · expires ${expires}`,
  revoke: 'Revoke',
  revokeLabel: (created: string) => `Revoke the link created ${created}`,
  revoked: 'Link revoked: it no longer opens the preview.',
  revokeFailed: 'The link could not be revoked. Please try again.',
  // The pages a visitor sees instead of the preview (served by the server as HTML).
  pageNotFoundTitle: 'This preview link does not exist',
  pageNotFoundText:
    'Check that the whole link was copied, or ask the person who shared it for a new one.',
  pageExpiredTitle: 'This preview link has expired',
  pageExpiredText:
    'Share links work for a limited time. Ask the person who shared it for a new one.',
  pageRevokedTitle: 'This preview link was revoked',
  pageRevokedText:
    'Its owner has turned this link off. Ask the person who shared it for a new one if you still need it.',
  pageSignInTitle: 'Sign in to see this preview',
  pageSignInText:
    'This live preview belongs to a Sitelift account. Sign in as its owner, or ask the owner for a share link.',
  pageSignIn: 'Sign in',
  pageUnavailableTitle: 'This preview is not available',
  pageUnavailableText:
    'There is no preview here for this account. It may have been deleted, or it belongs to someone else.',
} as const;

/** E-mails about finished projects (issue 22 item 4) and the setting that turns them off. */
export const NOTIFICATION_MESSAGES = {
  settingsTitle: 'Notifications',
  jobOutcomeLabel: 'E-mail me when a project completes or fails',
  jobOutcomeHint:
    'One e-mail per run, with a link to its report; sites started together as a batch send one e-mail when the batch ends.',
  saved: 'Notification setting saved.',
  saveFailed: 'The notification setting could not be saved. Please try again.',
} as const;

/** The page of one project's result (`/project/:id/report`), where project e-mails link to. */
export const PROJECT_REPORT_MESSAGES = {
  back: 'Back to dashboard',
  notFound: 'Project not found',
  notFoundText: 'This project does not exist or belongs to another account.',
  failedTitle: 'This run failed',
  refunded: 'Your credit has been refunded. You can retry the project from your dashboard.',
  inProgress: 'This project is still being modernized. Its report appears here when it completes.',
} as const;

/** Two-factor sign-in, devices and leaving (issue 28; the spec has no texts for these screens). */
export const SECURITY_MESSAGES = {
  challengeTitle: 'Two-factor authentication',
  challengeSubtitle: 'Enter the 6-digit code from your authenticator app to finish signing in.',
  challengeBackupSubtitle:
    'Enter one of the backup codes you saved when you turned on two-factor authentication.',
  trustDevice: 'Trust this device for 30 days',
  useBackupCode: 'Use a backup code instead',
  useAuthenticator: 'Use your authenticator app instead',
  verify: 'Verify',
  verifying: 'Verifying...',
  codeInvalid: 'That code is not valid. Check your authenticator app and try again.',
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  backupCodeInvalid: 'That backup code is not valid or was already used.',
  challengeExpired: 'Your sign-in timed out or had too many attempts. Please sign in again.',
  locked: 'Too many wrong codes. Two-factor sign-in is locked for 15 minutes.',
  sectionTitle: 'Security',
  twoFactorTitle: 'Two-factor authentication',
  twoFactorOffHint:
    'Protect your account with a code from an authenticator app (such as 1Password, Google Authenticator or Authy) each time you sign in.',
  twoFactorOnHint: 'Signing in asks for a code from your authenticator app.',
  setUp: 'Set up two-factor authentication',
  scanTitle: 'Scan the QR code',
  scanHint: 'Scan it with your authenticator app, or enter the key by hand.',
  manualKey: 'Setup key',
  confirmCode: 'Enter the 6-digit code the app shows',
  backupCodesTitle: 'Save your backup codes',
  backupCodesHint:
    'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.',
  backupCodesSaved: 'I have saved my backup codes',
  regenerate: 'Regenerate backup codes',
  turnOff: 'Turn off',
  turnedOn: 'Two-factor authentication is on. Other devices were signed out.',
  turnedOff: 'Two-factor authentication is off. Other devices were signed out.',
  passwordIncorrect: 'Password is incorrect.',
  passkeysTitle: 'Passkeys',
  passkeysHint:
    'Sign in with your fingerprint, face or screen lock instead of your password. A passkey also works as your second step when two-factor authentication is on.',
  passkeysEmpty: 'No passkeys yet.',
  addPasskey: 'Add a passkey',
  addPasskeyHint:
    'Give it a name you will recognise, such as the device or password manager that keeps it. Your browser then asks you to confirm.',
  passkeyName: 'Name',
  passkeyAdded: 'Passkey added. Other devices were signed out.',
  passkeyRenamed: 'Passkey renamed.',
  passkeyRemoved: 'Passkey removed. Other devices were signed out.',
  removePasskey: 'Remove',
  renamePasskey: 'Rename',
  passkeyCancelled: 'The passkey request was cancelled or timed out. Please try again.',
  passkeyExists: 'This device already has a passkey for your account.',
  passkeyUnsupported: 'This browser does not support passkeys.',
  passkeyNotFresh: 'For your safety, sign out and sign in again before you add a passkey.',
  signInWithPasskey: 'Continue with a passkey',
  passkeySignInFailed: 'That passkey could not sign you in. Try again or use your password.',
  usePasskey: 'Use a passkey instead',
  challengePasskeySubtitle: 'Confirm with a passkey of this account to finish signing in.',
  passkeyNotVerified: 'That passkey could not be verified. Try again or use a code.',
  devicesTitle: 'Signed-in devices',
  devicesHint: 'Devices where your account is signed in now. Sign out any you do not recognise.',
  thisDevice: 'This device',
  signOutDevice: 'Sign out',
  signOutOthers: 'Sign out everywhere else',
  signedOutOthers: 'Every other device was signed out.',
  dataTitle: 'Your data',
  exportHint:
    'Download your profile, projects, reports and credit history as JSON, with the zip of every project. We prepare it in the background and e-mail you when it is ready.',
  exportButton: 'Export my data',
  exportPending: 'Preparing your export… We will e-mail you when it is ready.',
  exportReady: 'Your export is ready.',
  exportFailed: 'Your export could not be prepared. Please try again.',
  downloadExport: 'Download export',
  deleteTitle: 'Delete my account',
  deleteHint: 'Permanently delete your account and everything in it.',
  deleteButton: 'Delete my account',
  deleteConfirm: 'Delete account permanently',
  deleting: 'Deleting...',
  deleteDeleted: [
    'Your projects, their generated code, reports, screenshots and previews',
    'Sites published with a claim link that nobody has claimed yet',
    'Your GitHub and hosting connections with their tokens, your API keys and AI settings',
    'Your credit balance and history, sessions, two-factor settings and passkeys',
    'Any active subscription, cancelled now without a further charge',
  ],
  deleteKept:
    'We keep only the records of your payments (amount, date, product), without your name or e-mail address, for as long as tax law requires. Sites you published to your own Netlify, Vercel or Cloudflare account stay there: they are yours.',
  deleteIrreversible: 'This cannot be undone.',
} as const;

/** Sign in with GitHub (issue 28 item 3): the button, the linking notice and the error messages. */
export const GITHUB_SIGN_IN_MESSAGES = {
  continueWithGithub: 'Continue with GitHub',
  redirecting: 'Redirecting to GitHub...',
  orWithEmail: 'or with your email',
  /** An account has the GitHub account's address: it is linked only once its owner signs in. */
  accountExists:
    'An account with this email already exists. Sign in with your password to link GitHub to it.',
  accessDenied: 'GitHub sign-in was cancelled. You can try again or sign in with your email.',
  noVerifiedEmail:
    'Your GitHub account has no verified primary email address. Verify it on GitHub, or sign in with your email and password.',
  expired: 'GitHub sign-in could not be checked or has expired. Please try again.',
  failed: 'GitHub sign-in failed. Please try again.',
  emailMismatch:
    'That GitHub account uses a different email address, so it was not linked to this account.',
  linkedElsewhere: 'That GitHub account is already linked to another Sitelift account.',
  linked: 'GitHub is linked. You can now sign in with GitHub.',
  disconnected: 'GitHub is disconnected from your account.',
  methodsTitle: 'Sign-in methods',
  methodsHint: 'Ways to sign in to your account besides your email and password.',
  connect: 'Connect GitHub',
  disconnect: 'Disconnect',
  onlyWay:
    'GitHub is the only way to sign in to this account, so it cannot be disconnected. Set a password first (Forgot Password? on the sign-in screen).',
} as const;

/** The sign-in screen's message for an `error` code that an OAuth redirect brought back. */
export function githubSignInErrorMessage(code: string): string {
  switch (code) {
    case 'account_not_linked':
      return GITHUB_SIGN_IN_MESSAGES.accountExists;
    case 'access_denied':
      return GITHUB_SIGN_IN_MESSAGES.accessDenied;
    case 'email_not_found':
    case 'email_not_verified':
      return GITHUB_SIGN_IN_MESSAGES.noVerifiedEmail;
    case 'email_does_not_match':
    case "email_doesn't_match":
      return GITHUB_SIGN_IN_MESSAGES.emailMismatch;
    case 'account_already_linked_to_different_user':
      return GITHUB_SIGN_IN_MESSAGES.linkedElsewhere;
    case 'state_mismatch':
    case 'state_not_found':
    case 'invalid_state':
    case 'please_restart_the_process':
    case 'invalid_code':
    case 'no_code':
      return GITHUB_SIGN_IN_MESSAGES.expired;
    default:
      return GITHUB_SIGN_IN_MESSAGES.failed;
  }
}
