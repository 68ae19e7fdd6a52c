/**
 * Which pages of a site a run reads, by path (issue 24): the user's include and exclude patterns.
 * One matcher for the engine's crawl and the web's create form, so the count the form shows is the
 * count the job reads.
 *
 * A pattern is a path prefix or a glob:
 * - a prefix (`/blog/`, `/blog`) matches that path and every path under it, on segment boundaries
 *   (`/blog` matches `/blog`, `/blog/` and `/blog/2020/post.html`, not `/blogroll`);
 * - a glob, a pattern with `*`, matches the whole path: `*` is any characters within one path segment,
 *   `**` any number of segments (`/blog/**` matches `/blog` and everything under it;
 *   `/blog/**\/*.html` matches `/blog/a.html` and `/blog/2020/05/a.html`).
 *
 * Paths and patterns are compared without their query string and fragment, with percent-escapes of
 * unreserved characters decoded (`/caf%C3%A9/` is `/café/`) and without a trailing slash (`/docs/` is
 * `/docs`); the comparison is case-sensitive, as paths are. A pattern without a leading slash gets
 * one; a full URL given as a pattern counts by its path.
 */

/** The user's path filter: a page is read when it matches some include (or none is given) and no exclude. */
export interface PathFilter {
  include?: readonly string[];
  exclude?: readonly string[];
}

/** A path (or a URL) as patterns are compared with: decoded, without query, fragment or trailing slash. */
export function toFilterPath(pathOrUrl: string): string {
  let path = pathOrUrl.trim();
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      // Not a URL after all: taken as a path.
    }
  }
  path = path.replace(/[?#].*$/s, '');
  try {
    // decodeURI keeps reserved escapes (%2F, %3F...): a segment's escaped slash stays within it.
    path = decodeURI(path);
  } catch {
    // A malformed escape is compared as written.
  }
  if (!path.startsWith('/')) path = `/${path}`;
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** True when a pattern is a glob (has `*`) rather than a prefix. */
function isGlob(pattern: string): boolean {
  return pattern.includes('*');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

/** A glob (already normalised by toFilterPath) as an anchored regular expression. */
function toGlobRegExp(pattern: string): RegExp {
  let source = '';
  let index = 0;
  while (index < pattern.length) {
    if (pattern.startsWith('/**/', index)) {
      // Zero or more whole segments: `/blog/**/a` is `/blog/a` too.
      source += '(?:/.*)?/';
      index += 4;
    } else if (pattern.startsWith('/**', index) && index + 3 === pattern.length) {
      // A trailing `/**`: the folder itself and everything under it.
      source += '(?:/.*)?';
      index += 3;
    } else if (pattern.startsWith('**', index)) {
      source += '.*';
      index += 2;
    } else if (pattern[index] === '*') {
      source += '[^/]*';
      index += 1;
    } else {
      source += escapeRegExp(pattern[index] ?? '');
      index += 1;
    }
  }
  return new RegExp(`^${source}$`, 's');
}

/** True when `path` (normalised) matches one pattern (see the file's comment). */
function matchesPattern(path: string, rawPattern: string): boolean {
  const pattern = toFilterPath(rawPattern);
  if (isGlob(pattern)) return toGlobRegExp(pattern).test(path);
  if (pattern === '/') return true;
  return path === pattern || path.startsWith(`${pattern}/`);
}

/** The patterns worth comparing: blank ones (an empty line of the form) say nothing. */
function toPatterns(patterns: readonly string[] | undefined): string[] {
  return (patterns ?? []).filter((pattern) => pattern.trim() !== '');
}

/**
 * True when a page at `path` (a path or a URL; its query string is ignored) is read under `filter`:
 * it matches some include pattern (or there is none) and no exclude pattern.
 */
export function matchesPathFilter(path: string, filter: PathFilter): boolean {
  const normalised = toFilterPath(path);
  const include = toPatterns(filter.include);
  const exclude = toPatterns(filter.exclude);
  if (include.length > 0 && !include.some((pattern) => matchesPattern(normalised, pattern))) {
    return false;
  }
  return !exclude.some((pattern) => matchesPattern(normalised, pattern));
}

/** True when the filter has any pattern (a run without one reads every page it finds). */
export function hasPathFilter(filter: PathFilter): boolean {
  return toPatterns(filter.include).length > 0 || toPatterns(filter.exclude).length > 0;
}
