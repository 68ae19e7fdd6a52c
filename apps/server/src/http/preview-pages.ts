import { SHARE_MESSAGES } from '@sitelift/shared/messages';
import { escapeHtml } from '../mail/auth-emails';

/**
 * The pages a browser gets instead of a preview document (issue 22 item 3): a readable page with the
 * right status rather than the API's JSON. Self-contained (inline style, no script, no image) so it
 * renders under the preview's `sandbox` policy on either origin.
 */
export type PreviewPageKind = 'sign-in' | 'unavailable' | 'link-not-found' | 'expired' | 'revoked';

const PAGES: Record<PreviewPageKind, { status: number; title: string; text: string }> = {
  'sign-in': {
    status: 401,
    title: SHARE_MESSAGES.pageSignInTitle,
    text: SHARE_MESSAGES.pageSignInText,
  },
  unavailable: {
    status: 404,
    title: SHARE_MESSAGES.pageUnavailableTitle,
    text: SHARE_MESSAGES.pageUnavailableText,
  },
  'link-not-found': {
    status: 404,
    title: SHARE_MESSAGES.pageNotFoundTitle,
    text: SHARE_MESSAGES.pageNotFoundText,
  },
  expired: {
    status: 410,
    title: SHARE_MESSAGES.pageExpiredTitle,
    text: SHARE_MESSAGES.pageExpiredText,
  },
  revoked: {
    status: 410,
    title: SHARE_MESSAGES.pageRevokedTitle,
    text: SHARE_MESSAGES.pageRevokedText,
  },
};

/** The status and HTML of one page; `signInUrl` adds the sign-in button (the 'sign-in' page). */
export function renderPreviewPage(
  kind: PreviewPageKind,
  options: { signInUrl?: string } = {},
): { status: number; html: string } {
  const page = PAGES[kind];
  const action =
    kind === 'sign-in' && options.signInUrl
      ? `<p><a class="button" href="${escapeHtml(options.signInUrl)}">${escapeHtml(SHARE_MESSAGES.pageSignIn)}</a></p>`
      : '';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(page.title)} — Sitelift</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;box-sizing:border-box;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:32rem;width:100%;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:32px;box-shadow:0 1px 3px rgba(15,23,42,.08)}
.brand{margin:0 0 24px;font-weight:700;color:#4f46e5}
h1{margin:0 0 12px;font-size:1.5rem;line-height:1.25}
p{margin:0 0 16px;color:#334155}
.button{display:inline-block;margin-top:8px;padding:10px 20px;border-radius:8px;background:#4f46e5;color:#fff;font-weight:600;text-decoration:none}
.button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
</style>
</head>
<body>
<main>
<p class="brand">Sitelift</p>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.text)}</p>
${action}
</main>
</body>
</html>
`;
  return { status: page.status, html };
}

/** Puts `<meta name="robots" content="noindex">` into a preview document (after `<head>`). */
export function addNoindexMeta(html: string): string {
  const meta = '<meta name="robots" content="noindex, nofollow">';
  const head = /<head(?:\s[^>]*)?>/i.exec(html) ?? /^\s*<!doctype[^>]*>/i.exec(html);
  const at = head ? head.index + head[0].length : 0;
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
}
