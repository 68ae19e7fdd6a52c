/**
 * Context escapers for values taken from the original site on their way into the generated project
 * (issue 10). Each one makes a value safe for exactly one context: HTML/XML text and attributes, JSON
 * inside a <script>, a JavaScript block comment, Markdown, a CSS colour or font stack, and URLs (a
 * link, an image source, the site's origin). The URL ones return undefined for a value that has no
 * safe form (a javascript: link): the caller drops it. JSX and JavaScript strings are not here:
 * STYLE_MODERNIZATION pages are a Babel syntax tree whose printer escapes string literals (to-jsx),
 * and content modules are JSON string literals (JSON.stringify), which nothing in a string can leave.
 */
import { parseColor, toHex } from '../../lib/color';

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes text for HTML or XML element content and for a quoted attribute value (either quote).
 * `&#39;` rather than `&apos;`: both HTML and XML read it.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

/**
 * JSON for inside an HTML <script> element (JSON-LD, inline data): `<`, `>` and `&` as \u escapes, so
 * no `</script>` or `<!--` can end or change the element, and U+2028/U+2029 too, which end a line in
 * JavaScript parsers older than ES2019. The result is still valid JSON with the same value.
 */
export function toScriptJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Text for inside a JavaScript block comment (`/** ... *\/`): a `*\/` in it would end the comment. */
export function escapeJsComment(text: string): string {
  return text.replace(/\*\//g, '* /');
}

/**
 * Text for inline Markdown (a heading, a table cell): on one line, with every character that
 * Markdown or the HTML it allows could read as syntax backslash-escaped (CommonMark escapes any
 * ASCII punctuation that way), so `<script>`, `[x](javascript:...)`, `|` and `*` stay text.
 */
export function toMarkdownText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_{}[\]()<>#+!|~&$]/g, '\\$&');
}

/**
 * A CSS colour as `#rrggbb`, or undefined when the value is not a colour: the value is parsed and
 * printed again, so nothing but hex digits reaches the stylesheet (`red;}</style>` is not a colour).
 */
export function toCssColor(value: string): string | undefined {
  const rgb = parseColor(value);
  return rgb ? toHex(rgb) : undefined;
}

/** A family name CSS reads as bare identifiers: `system-ui`, `-apple-system`, `Roboto`. */
const BARE_FAMILY = /^-?[A-Za-z][A-Za-z0-9-]*$/;

/**
 * A CSS `font-family` list, or undefined when no family survives. Each family is kept as a bare
 * identifier when it is one, else quoted with only letters, digits, spaces, `.`, `_` and `-` kept:
 * real font names need nothing else, and nothing else can end the string, the declaration or a
 * <style> element (`"`, `;`, `}`, `<`, `\`, newlines).
 */
export function toCssFontStack(stack: string): string | undefined {
  const families = stack.split(',').flatMap((part) => {
    const trimmed = part.trim();
    const quoted = /^(["'])(.*)\1$/s.exec(trimmed);
    const name = quoted ? quoted[2]! : trimmed;
    if (!quoted && BARE_FAMILY.test(name)) return [name];
    const clean = name
      .replace(/[^\p{L}\p{N} ._-]/gu, '')
      .replace(/\s+/g, ' ')
      .trim();
    return clean ? [`"${clean}"`] : [];
  });
  return families.length > 0 ? families.join(', ') : undefined;
}

// ASCII control characters (tab, newline...) are skipped by URL parsers, so `java\tscript:` and
// `/\t/evil.example` would read as something else than they look: a URL holding one is refused.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function protocolOf(url: string): string | undefined {
  try {
    return new URL(url).protocol;
  } catch {
    return undefined;
  }
}

/** True for a root-relative path (`/about`), not a protocol-relative URL (`//host`, `/\host`). */
function isRootRelative(url: string): boolean {
  return /^\/(?![/\\])/.test(url);
}

/**
 * A link target for an `href`: a root-relative path, a `#fragment`, or an http(s), mailto: or tel:
 * URL. Anything else (javascript:, data:, vbscript:, an unparsable value) gives undefined.
 */
export function toSafeHref(href: string): string | undefined {
  if (CONTROL.test(href)) return undefined;
  if (href.startsWith('#') || isRootRelative(href)) return href;
  const protocol = protocolOf(href);
  return protocol === 'http:' ||
    protocol === 'https:' ||
    protocol === 'mailto:' ||
    protocol === 'tel:'
    ? href
    : undefined;
}

/** An absolute http(s) URL (a social profile, say), or undefined. */
export function toSafeHttpUrl(url: string): string | undefined {
  if (CONTROL.test(url)) return undefined;
  const protocol = protocolOf(url);
  return protocol === 'http:' || protocol === 'https:' ? url : undefined;
}

/**
 * An image source for `src`: a root-relative path (self-hosted), an http(s) URL, or a data: URL of
 * an image type; anything else gives undefined. In an <img>, even an SVG runs no script.
 */
export function toSafeImageSrc(src: string): string | undefined {
  if (CONTROL.test(src)) return undefined;
  if (isRootRelative(src)) return src;
  if (/^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)[;,]/i.test(src)) return src;
  return toSafeHttpUrl(src);
}

/**
 * The origin (`https://example.com`) of an http(s) URL, or undefined: only scheme, host and port,
 * so no path, quote or newline of the original's address reaches robots.txt, .env or JSON-LD.
 */
export function toSafeOrigin(url: string): string | undefined {
  // No control-character check: the origin is printed by the URL parser, not copied.
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
