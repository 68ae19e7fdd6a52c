/**
 * A site served over https often still links to itself with http:// (an old absolute link, a
 * WordPress site address never updated), and the other way round. Such a link is the same site:
 * the crawl reads it, and the rebuild routes it, as the same page at the site's own scheme.
 */

const WEB_SCHEMES = new Set(['http:', 'https:']);

/**
 * `url` at the scheme of the site's origin on the same host (`http://a.example/x` →
 * `https://a.example/x` when the site is `https://a.example`); unchanged when its origin is the
 * site's already, it is on another host or port, or it does not parse. Hosts compare as the URL
 * parser writes them (lower case, default ports left out).
 */
export function toSiteScheme(url: string, origins: ReadonlySet<string>): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!WEB_SCHEMES.has(parsed.protocol) || origins.has(parsed.origin)) return url;
  for (const origin of origins) {
    const site = new URL(origin);
    if (site.host === parsed.host && WEB_SCHEMES.has(site.protocol)) {
      parsed.protocol = site.protocol;
      return parsed.href;
    }
  }
  return url;
}
