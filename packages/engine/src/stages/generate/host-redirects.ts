/**
 * The static hosts' redirect files (issue 24): every old address of a rebuilt page to its route
 * with a 301, then the single-page app's fallback. Netlify and Cloudflare Pages read
 * `public/_redirects`, Netlify also `netlify.toml`, Vercel `vercel.json`: all three are written
 * from one list ({@link toHostRedirects}), so they cannot disagree.
 */

/** One permanent redirect as the hosts match it: an encoded path, no query. */
export interface HostRedirect {
  from: string;
  to: string;
}

/**
 * The redirects every host can express, in the plan's order: an old path with a query (which
 * `_redirects` and `vercel.json` match only with rules of their own) or with a host's pattern
 * syntax in it (`*`, a segment starting with `:`) is left to `redirects.json`.
 */
export function toHostRedirects(redirects: Record<string, string>): HostRedirect[] {
  return Object.entries(redirects).flatMap(([from, to]) => {
    if (from.includes('?') || from.includes('*') || /\/:/.test(from)) return [];
    // encodeURI leaves "#" alone: a path's own "#" (decoded from %23) would start a fragment.
    const encoded = encodeURI(from).replace(/#/g, '%23');
    return encoded === to ? [] : [{ from: encoded, to: encodeURI(to) }];
  });
}

/** The fallback of every host: an address that is no file gets the app, which routes it. */
const FALLBACK = { from: '/*', to: '/index.html' } as const;

/** `public/_redirects` (Netlify, Cloudflare Pages): one rule a line, the fallback last. */
export function toRedirectsFile(redirects: HostRedirect[]): string {
  return [
    '# Old addresses of the original site -> new routes (Netlify, Cloudflare Pages).',
    ...redirects.map(({ from, to }) => `${from} ${to} 301`),
    `${FALLBACK.from} ${FALLBACK.to} 200`,
    '',
  ].join('\n');
}

/** A TOML basic string (the paths are encoded: ASCII, so JSON's escapes are TOML's). */
function tomlString(value: string): string {
  return JSON.stringify(value);
}

/** `netlify.toml`: how Netlify builds the project, and the same rules as `_redirects`. */
export function toNetlifyToml(redirects: HostRedirect[]): string {
  const rule = (from: string, to: string, status: number) =>
    `[[redirects]]\nfrom = ${tomlString(from)}\nto = ${tomlString(to)}\nstatus = ${status}\n`;
  return [
    '# Netlify: how to build the site, then the old addresses of the original site -> new routes,',
    '# and the app for every other address (the same rules as public/_redirects).',
    '[build]\ncommand = "npm run build"\npublish = "dist"\n',
    ...redirects.map(({ from, to }) => rule(from, to, 301)),
    rule(FALLBACK.from, FALLBACK.to, 200),
  ].join('\n');
}

/** A path as a literal `source` of vercel.json, whose sources are path-to-regexp patterns. */
function toVercelSource(path: string): string {
  return path.replace(/[()[\]{}*+?!:\\]/g, (character) => `\\${character}`);
}

/** `vercel.json`'s redirects and its fallback (keys sorted, as the generator writes JSON). */
export function toVercelConfig(redirects: HostRedirect[]): {
  redirects: { destination: string; permanent: true; source: string }[];
  rewrites: { destination: string; source: string }[];
} {
  return {
    redirects: redirects.map(({ from, to }) => ({
      destination: to,
      permanent: true,
      source: toVercelSource(from),
    })),
    rewrites: [{ destination: FALLBACK.to, source: '/(.*)' }],
  };
}
