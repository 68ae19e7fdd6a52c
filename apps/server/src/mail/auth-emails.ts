import type { MailContent } from './mailer';

const PRODUCT = 'Sitelift';

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function buildHtml(options: {
  heading: string;
  paragraphs: string[];
  action: string;
  url: string;
  footer: string;
}) {
  const url = escapeHtml(options.url);
  const paragraphs = options.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph)}</p>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.heading)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<div style="font-size:20px;font-weight:bold;color:#4f46e5;margin-bottom:24px">${PRODUCT}</div>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(options.heading)}</h1>
${paragraphs}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(options.action)}</a></p>
<p style="margin:0 0 16px;line-height:1.5;font-size:13px;color:#6b7280">If the button does not work, copy this link into your browser:<br><a href="${url}" style="color:#4f46e5;word-break:break-all">${url}</a></p>
<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(options.footer)}</p>
</td></tr></table>
<p style="font-size:12px;color:#9ca3af;margin-top:16px">${PRODUCT} — modernize your website with React, Vite and Tailwind.</p>
</td></tr></table>
</body></html>`;
}

function buildText(options: {
  heading: string;
  paragraphs: string[];
  action: string;
  url: string;
  footer: string;
}) {
  return [
    `${PRODUCT}`,
    '',
    options.heading,
    '',
    ...options.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${options.action}:`,
    options.url,
    '',
    options.footer,
    '',
    `— The ${PRODUCT} team`,
    '',
  ].join('\n');
}

/** An e-mail in the product's layout: heading, paragraphs, one button and a footer. */
export function buildEmail(options: {
  subject: string;
  heading: string;
  paragraphs: string[];
  action: string;
  url: string;
  footer: string;
}): MailContent {
  return { subject: options.subject, text: buildText(options), html: buildHtml(options) };
}

/** The e-mail that confirms a new account's address. */
export function buildVerifyEmail(url: string): MailContent {
  return buildEmail({
    subject: `Verify your email for ${PRODUCT}`,
    heading: 'Confirm your email address',
    paragraphs: [
      `Welcome to ${PRODUCT}! Please confirm your email address to finish setting up your account.`,
    ],
    action: 'Verify email',
    url,
    footer: `If you did not create a ${PRODUCT} account, you can ignore this email. The link expires in 1 hour.`,
  });
}

/** The e-mail with a password-reset link. */
export function buildResetPasswordEmail(url: string): MailContent {
  return buildEmail({
    subject: `Reset your ${PRODUCT} password`,
    heading: 'Reset your password',
    paragraphs: [
      'We received a request to reset the password of your account. Choose a new password with the link below.',
    ],
    action: 'Reset password',
    url,
    footer:
      'If you did not ask for this, you can ignore this email: your password stays the same. The link expires in 1 hour and works once.',
  });
}

/** The e-mail, sent to the new address, that confirms an e-mail change. */
export function buildConfirmNewEmail(url: string, newEmail: string): MailContent {
  return buildEmail({
    subject: `Confirm your new email for ${PRODUCT}`,
    heading: 'Confirm your new email address',
    paragraphs: [
      `You asked to change the email address of your ${PRODUCT} account to ${newEmail}.`,
      'The change takes effect when you open the link below.',
    ],
    action: 'Confirm new email',
    url,
    footer:
      'If you did not ask for this, you can ignore this email and nothing will change. The link expires in 1 hour.',
  });
}

/**
 * The e-mail to an address that already has an account when someone registers with it again. The
 * register screen answers as for a new account (nothing leaks); only the owner of the address learns
 * that it is taken, and how to get in.
 */
export function buildExistingAccountEmail(signInUrl: string): MailContent {
  return buildEmail({
    subject: `You already have a ${PRODUCT} account`,
    heading: 'You already have an account',
    paragraphs: [
      `Someone, probably you, just tried to register a new ${PRODUCT} account with this email address. It already has an account, so nothing new was created.`,
      "Sign in with your password. If you don't remember it, choose 'Forgot Password?' on the sign-in page to set a new one.",
    ],
    action: 'Sign in',
    url: signInUrl,
    footer: 'If this was not you, you can ignore this email: your account is unchanged.',
  });
}

/** The notice that the account's password was changed or reset. */
export function buildPasswordChangedEmail(signInUrl: string): MailContent {
  return buildEmail({
    subject: `Your ${PRODUCT} password was changed`,
    heading: 'Your password was changed',
    paragraphs: [
      `The password of your ${PRODUCT} account was just changed, and every other session was signed out.`,
      "If this was you, there is nothing else to do. If it was not, choose 'Forgot Password?' on the sign-in page right away to set a new password.",
    ],
    action: 'Go to sign in',
    url: signInUrl,
    footer: 'We send this notice after every password change, for your safety.',
  });
}

/** The notice to the old address that the account's e-mail address was changed. */
export function buildEmailChangedEmail(signInUrl: string, newEmail: string): MailContent {
  return buildEmail({
    subject: `Your ${PRODUCT} email address was changed`,
    heading: 'Your email address was changed',
    paragraphs: [
      `The email address of your ${PRODUCT} account was changed to ${newEmail}. From now on, sign in with the new address; this one no longer reaches the account.`,
      'If you did not make this change, reply to this email or contact support at once.',
    ],
    action: 'Go to sign in',
    url: signInUrl,
    footer: 'We send this notice to the old address after every email change, for your safety.',
  });
}

/** The notice of a sign-in from a device (browser, system, network) the account had not used. */
export function buildNewSignInEmail(
  securityUrl: string,
  details: { device: string; ipAddress: string | null; at: Date },
): MailContent {
  const when = `${details.at.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
  return buildEmail({
    subject: `New sign-in to your ${PRODUCT} account`,
    heading: 'New sign-in from a new device',
    paragraphs: [
      `Your ${PRODUCT} account was just signed in to from ${details.device}${
        details.ipAddress ? ` (network address ${details.ipAddress})` : ''
      } on ${when}.`,
      'If this was you, there is nothing else to do. If it was not, sign that device out under Security in your profile and change your password right away.',
    ],
    action: 'Review your devices',
    url: securityUrl,
    footer:
      'We send this notice the first time a device signs in to your account, for your safety.',
  });
}

/** The notice that two-factor sign-in was turned on or off. */
export function buildTwoFactorChangedEmail(securityUrl: string, enabled: boolean): MailContent {
  return buildEmail({
    subject: enabled
      ? `Two-factor sign-in is on for your ${PRODUCT} account`
      : `Two-factor sign-in was turned off for your ${PRODUCT} account`,
    heading: enabled ? 'Two-factor sign-in is on' : 'Two-factor sign-in was turned off',
    paragraphs: [
      enabled
        ? 'From now on, signing in asks for a code from your authenticator app (or one of your backup codes). Every other session was signed out.'
        : 'Signing in no longer asks for a code from your authenticator app. Every other session was signed out.',
      'If you did not make this change, change your password right away.',
    ],
    action: 'Review your security settings',
    url: securityUrl,
    footer: 'We send this notice after every change to two-factor sign-in, for your safety.',
  });
}

/** The notice that a passkey was added to or removed from the account. */
export function buildPasskeyChangedEmail(
  securityUrl: string,
  change: { added: boolean; name: string },
): MailContent {
  return buildEmail({
    subject: change.added
      ? `A passkey was added to your ${PRODUCT} account`
      : `A passkey was removed from your ${PRODUCT} account`,
    heading: change.added ? 'A passkey was added' : 'A passkey was removed',
    paragraphs: [
      change.added
        ? `The passkey “${change.name}” can now sign in to your account. Every other session was signed out.`
        : `The passkey “${change.name}” can no longer sign in to your account. Every other session was signed out.`,
      'If you did not make this change, change your password right away.',
    ],
    action: 'Review your security settings',
    url: securityUrl,
    footer: 'We send this notice after every change to your passkeys, for your safety.',
  });
}

/** The notice that the archive of "Export my data" is ready to download. */
export function buildExportReadyEmail(downloadPageUrl: string, expiresAt: Date): MailContent {
  return buildEmail({
    subject: `Your ${PRODUCT} data export is ready`,
    heading: 'Your data export is ready',
    paragraphs: [
      'The archive of your account holds your profile, projects, reports and credit history as JSON, and the zip of every project that has one.',
      `Download it from your profile while you are signed in, before ${expiresAt.toISOString().slice(0, 10)}; after that it is deleted.`,
    ],
    action: 'Go to your data export',
    url: downloadPageUrl,
    footer: 'You receive this e-mail because you asked for a copy of your data.',
  });
}

/** The goodbye to the address of a deleted account. */
export function buildAccountDeletedEmail(homeUrl: string): MailContent {
  return buildEmail({
    subject: `Your ${PRODUCT} account was deleted`,
    heading: 'Your account was deleted',
    paragraphs: [
      `Your ${PRODUCT} account, its projects, files, connections and sessions were deleted, and any subscription was cancelled.`,
      'Records of payments are kept without your name or e-mail address, for as long as tax law requires.',
    ],
    action: `Visit ${PRODUCT}`,
    url: homeUrl,
    footer: 'This is the last e-mail we send to this address.',
  });
}
