import { lookup as dnsLookup } from 'node:dns/promises';
import { AppError } from '@sitelift/shared/error-codes';
import { getAddressRefusal, isLoopbackAddress } from './ip-policy';

/** One resolved address of a host name. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses; injectable so tests can simulate any DNS answer. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Options of the SSRF guard. */
export interface GuardOptions {
  /** Lift the guard (ALLOW_PRIVATE_URLS=true: tests and local development only). */
  allowPrivateUrls?: boolean;
  /**
   * Allow loopback addresses and nothing else (tests and the bench serve sites on 127.0.0.1; their CDN
   * links and trackers must not leave the machine). Names other than localhost do not resolve unless
   * `resolve` is given. Takes precedence over `allowPrivateUrls` and `addressRefusal`.
   */
  loopbackOnly?: boolean;
  /** Resolver used instead of the system's (dns.lookup with all addresses). */
  resolve?: HostResolver;
  /**
   * Decides why an address is refused (undefined: allowed); default getAddressRefusal. A test seam:
   * tests on loopback treat one loopback address as "public" to check redirects and rebinding.
   */
  addressRefusal?: (address: string) => string | undefined;
}

/** The system resolver: dns.lookup with every address, in the order the system returns them. */
export const SYSTEM_RESOLVER: HostResolver = async (hostname) =>
  dnsLookup(hostname, { all: true, order: 'verbatim' });

/** A resolver that knows only `localhost` (loopback-only runs): every other name fails to resolve. */
export const LOOPBACK_ONLY_RESOLVER: HostResolver = async (hostname) => {
  if (hostname === 'localhost' || hostname.endsWith('.localhost'))
    return [{ address: '127.0.0.1', family: 4 }];
  throw new Error(`${hostname} is not resolved in a loopback-only run`);
};

const SCHEMES = new Set(['http:', 'https:']);

/** Parses `url` and checks that its scheme is http or https; throws an AppError otherwise. */
export function parseHttpUrl(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(String(url).trim());
  } catch (error) {
    throw new AppError('ENGINE_FETCH_URL_INVALID', { cause: error, details: { url: String(url) } });
  }
  if (!SCHEMES.has(parsed.protocol)) {
    throw new AppError('ENGINE_FETCH_SCHEME_UNSUPPORTED', {
      message: `Only http:// and https:// addresses can be read (got ${parsed.protocol}).`,
      details: { url: parsed.href, scheme: parsed.protocol },
    });
  }
  return parsed;
}

/** The host part of a parsed URL without IPv6 brackets. */
export function toBareHost(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function refuse(url: string, host: string, reason: string): AppError {
  return new AppError('ENGINE_FETCH_URL_REFUSED', { details: { url, host, reason } });
}

/** Why an address is refused under `options`; undefined when every address is allowed. */
function toRefusalPolicy(
  options: GuardOptions,
): ((address: string) => string | undefined) | undefined {
  if (options.loopbackOnly) {
    return (address) =>
      isLoopbackAddress(address) ? undefined : 'not a loopback address (loopback-only run)';
  }
  if (options.allowPrivateUrls) return undefined;
  return options.addressRefusal ?? getAddressRefusal;
}

/** True when `host` is an IP literal (WHATWG URL parsing already turned 2130706433, 0x7f.1... into dotted IPv4). */
function isIpLiteral(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}

/**
 * Resolves `hostname` and returns every address, or throws ENGINE_FETCH_URL_REFUSED when any of them
 * is not public (one private answer is enough to refuse: the connection could land on it).
 */
export async function resolvePublicAddresses(
  hostname: string,
  options: GuardOptions = {},
  url = hostname,
): Promise<ResolvedAddress[]> {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const getRefusal = toRefusalPolicy(options);
  if (isIpLiteral(host)) {
    const reason = getRefusal?.(host);
    if (reason) throw refuse(url, host, reason);
    return [{ address: host, family: host.includes(':') ? 6 : 4 }];
  }
  if (
    getRefusal !== undefined &&
    !options.loopbackOnly &&
    (host === 'localhost' || host.endsWith('.localhost'))
  ) {
    throw refuse(url, host, 'loopback name');
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await (
      options.resolve ?? (options.loopbackOnly ? LOOPBACK_ONLY_RESOLVER : SYSTEM_RESOLVER)
    )(host);
  } catch (error) {
    throw new AppError('ENGINE_FETCH_DNS_FAILED', {
      message: `The site’s name could not be found (DNS lookup of ${host} failed).`,
      cause: error,
      details: { url, host },
    });
  }
  if (addresses.length === 0) {
    throw new AppError('ENGINE_FETCH_DNS_FAILED', {
      message: `The site’s name could not be found (DNS lookup of ${host} returned no address).`,
      details: { url, host },
    });
  }
  if (getRefusal !== undefined) {
    for (const { address } of addresses) {
      const reason = getRefusal(address);
      if (reason) throw refuse(url, host, `${host} resolves to ${address}: ${reason}`);
    }
  }
  return addresses;
}

/**
 * The SSRF guard for one URL: http/https only, and the host (an IP literal in any spelling, or a name
 * whose every resolved address is checked) must be a public address. Returns the parsed URL.
 * Connections must still go through the guarded agent, which re-checks the address it connects to.
 */
export async function assertPublicUrl(url: string | URL, options: GuardOptions = {}): Promise<URL> {
  const parsed = parseHttpUrl(url);
  await resolvePublicAddresses(toBareHost(parsed), options, parsed.href);
  return parsed;
}
