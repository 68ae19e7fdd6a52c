/**
 * A percent-encoded path or address as people read it: `/%E7%B1%B3/` → `/米/`. Decoded segment by
 * segment, each only when it decodes (a stray `%` keeps its segment as written); encoded slashes and
 * spaces stay encoded, so the path still reads as the same path.
 */
export function toReadablePath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/[/\s]/gu, (char) => encodeURIComponent(char));
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * What a 'not carried over' row names, readable: an address or path as {@link toReadablePath} reads
 * it; anything else ("Google Analytics", a form's name) as written, spaces and all.
 */
export function toReadableWhat(what: string): string {
  return /^(?:[a-z][a-z0-9+.-]*:\/\/|\/)\S*$/iu.test(what) ? toReadablePath(what) : what;
}

/**
 * A page of the report as a short readable path when it is on the original's host (`/about`,
 * `/米/?q=1`), else the readable address in full.
 */
export function toReadablePageLabel(page: string, sourceUrl: string): string {
  try {
    const url = new URL(page);
    if (url.host !== new URL(sourceUrl).host) return toReadablePath(page);
    return toReadablePath(`${url.pathname}${url.search}` || '/');
  } catch {
    return toReadablePath(page);
  }
}
