import type { LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';
import { assertPublicUrl, type GuardOptions, resolvePublicAddresses } from './assert-public-url';

/**
 * A `lookup` for net/tls.connect that resolves the name, refuses it when any address is not public,
 * and hands the checked addresses to the socket. Because the socket connects to exactly the addresses
 * checked here, a DNS answer that changes between the check and the connect (DNS rebinding) cannot
 * slip a private address through.
 */
export function buildGuardedLookup(options: GuardOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolvePublicAddresses(hostname, options).then(
      (resolved) => {
        const family = typeof lookupOptions.family === 'number' ? lookupOptions.family : 0;
        const addresses =
          family === 4 || family === 6 ? resolved.filter((a) => a.family === family) : resolved;
        const first = addresses[0];
        if (!first) {
          const error = Object.assign(new Error(`No IPv${family} address for ${hostname}`), {
            code: 'ENOTFOUND',
          });
          callback(error, '', 0);
        } else if (lookupOptions.all) {
          // With `all`, net's callback takes the whole list (autoSelectFamily tries them in turn).
          (
            callback as unknown as (
              error: null,
              addresses: { address: string; family: number }[],
            ) => void
          )(null, addresses);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

/** An undici dispatcher whose every connection goes through the SSRF guard. */
export function buildGuardedAgent(
  options: GuardOptions & { connections?: number } = {},
): Dispatcher {
  return new Agent({
    connect: { lookup: buildGuardedLookup(options), timeout: 15_000 },
    connections: options.connections ?? 8,
    keepAliveTimeout: 4_000,
  });
}

/**
 * A fetch whose every request passes the SSRF guard (a user's own model endpoint, decision record
 * 060): the URL is checked before the request (an address written as an IP literal skips `lookup`),
 * names are checked again when the socket connects, and redirects are refused (one could lead to an
 * address never checked).
 */
export function guardedFetch(
  options: GuardOptions & { connections?: number } = {},
): typeof globalThis.fetch {
  const dispatcher = buildGuardedAgent(options);
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    await assertPublicUrl(url, options);
    return undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
      redirect: 'error',
    });
  }) as unknown as typeof globalThis.fetch;
}
