/**
 * Client-side routes (issue 23): a hash router's address (`#/guide`, `#!/posts/12`) names a view of
 * a script-driven document. fetch crawls such an address as a page of its own when visiting it
 * shows new text, and plan gives that page a clean route. Both read the fragment the same way here.
 */

/** The path a fragment routes to (`#/guide` and `#!/guide` -> `/guide`, `#/` -> `/`); undefined for an anchor. */
export function toClientRoute(hash: string): string | undefined {
  const match = /^#?!?(\/.*)$/.exec(hash);
  if (!match?.[1]) return undefined;
  // `#!/` and `#/` are the router's start view: the document itself.
  return match[1].replace(/\/+$/, '') || '/';
}

/** True when `url` has a fragment that routes to a view other than the start one (`#/guide`). */
export function hasClientRoute(url: string): boolean {
  try {
    const route = toClientRoute(new URL(url).hash);
    return route !== undefined && route !== '/';
  } catch {
    return false;
  }
}

/** `url` without its fragment: the document a client route is a view of. */
export function toDocumentUrl(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/** The index file a server answers a folder's address with: `/docs/` is `/docs/index.html`. */
export const INDEX_FILE = /\/(?:index|default)\.(?:html?|php|aspx?)$/i;

/** A link's page: its document's address, with `/` and `/index.html` (or default.php...) one. */
export function toPageAddress(url: string): string {
  return toDocumentUrl(url).replace(INDEX_FILE, '/');
}
