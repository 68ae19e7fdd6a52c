import robotsParser from 'robots-parser';
import type { Dispatcher } from 'undici';
import type { GuardOptions } from '../../net/assert-public-url';
import { guardedRequest } from '../../net/guarded-request';

/** The rules of a site's robots.txt for one user agent. */
export interface RobotsRules {
  isAllowed(url: string): boolean;
  /** What was found, for the log: 'none' (404/unreachable: everything allowed) or 'rules'. */
  source: 'none' | 'rules';
  /** The addresses of its `Sitemap:` lines, as written (issue 24). */
  sitemaps: string[];
}

/** Options of readRobots. */
export interface ReadRobotsOptions extends GuardOptions {
  dispatcher: Dispatcher;
  timeoutMs: number;
  userAgent: string;
  signal?: AbortSignal;
}

/** The product token robots.txt groups are matched against: 'Mozilla/5.0 (compatible; Sitelift/1.0...)' -> 'Sitelift'. */
export function toRobotsToken(userAgent: string): string {
  return /\b(Sitelift)\b/i.exec(userAgent)?.[1] ?? userAgent.split(/[\s/]/)[0] ?? '*';
}

/**
 * Reads `<origin>/robots.txt` through the SSRF guard (up to 5 redirects, 500 KB). A missing file, an
 * error status or an unreachable file allows everything (RFC 9309 §2.3.1.3 lets crawlers treat
 * "unavailable" as allowed; a site that cannot serve robots.txt is usually one that never had one).
 */
export async function readRobots(origin: string, options: ReadRobotsOptions): Promise<RobotsRules> {
  const robotsUrl = new URL('/robots.txt', origin).href;
  const token = toRobotsToken(options.userAgent);
  try {
    const response = await guardedRequest(robotsUrl, {
      ...options,
      headers: {
        'user-agent': options.userAgent,
        accept: 'text/plain,*/*;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
      },
      maxRedirects: 5,
      maxBytes: 500 * 1024,
      what: 'robots.txt',
    });
    if (response.status < 200 || response.status > 299 || response.mediaType === 'text/html') {
      return { isAllowed: () => true, source: 'none', sitemaps: [] };
    }
    const robots = robotsParser(robotsUrl, new TextDecoder().decode(response.body));
    return {
      isAllowed: (url) => robots.isAllowed(url, token) !== false,
      source: 'rules',
      sitemaps: robots.getSitemaps(),
    };
  } catch {
    return { isAllowed: () => true, source: 'none', sitemaps: [] };
  }
}
