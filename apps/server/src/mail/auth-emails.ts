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
