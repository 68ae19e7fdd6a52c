import { isAppError } from '@sitelift/shared/error-codes';
import type { BrowserContext, Request, Route } from 'playwright-core';
import type { Dispatcher } from 'undici';
import type { GuardOptions } from '../net/assert-public-url';
import { guardedRequest } from '../net/guarded-request';

/**
 * Resource types an untrusted page never loads in our browsers: they change neither its HTML nor a
 * still picture of it (media, sockets, manifests, pings).
 */
export const UNSEEN_RESOURCE_TYPES: ReadonlySet<string> = new Set([
  'media',
  'websocket',
  'eventsource',
  'manifest',
  'texttrack',
  'ping',
]);

/**
 * A proxy on a port nothing listens on. A context (or browser) that has it reaches the network only
 * through its route handler: whatever the handler does not answer — a redirect hop Chromium follows on
 * its own (Playwright hands those straight to the network), a request without a frame, a WebSocket —
 * goes to this proxy and fails. `<-loopback>` takes away Chromium's implicit bypass, so loopback
 * addresses are not reachable either.
 */
export const UNREACHABLE_PROXY = { server: 'http://127.0.0.1:9', bypass: '<-loopback>' } as const;

/** WebRTC may only use proxied UDP (there is none): it cannot open connections a handler does not see. */
export const WEBRTC_PROXIED_ONLY_ARGS = [
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/**
 * Launch arguments of a Chromium whose every context answers requests through {@link routeThroughGuard}:
 * WebRTC limited to proxied UDP and every connection sent to {@link UNREACHABLE_PROXY}.
 */
export const GUARDED_BROWSER_ARGS = [
  ...WEBRTC_PROXIED_ONLY_ARGS,
  `--proxy-server=${UNREACHABLE_PROXY.server}`,
  `--proxy-bypass-list=${UNREACHABLE_PROXY.bypass}`,
];

/** Response headers that describe the original transfer, not the (decompressed) body handed to Chromium. */
const TRANSFER_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);
const REQUEST_HEADERS_DROPPED = new Set([
  'host',
  'connection',
  'content-length',
  'accept-encoding',
  'keep-alive',
  'upgrade',
]);

/** A response answered from memory instead of the network (a document the static read already has). */
export interface StoredResponse {
  status: number;
  contentType: string;
  body: Uint8Array;
}

/** Options of {@link routeThroughGuard}. */
export interface GuardedRoutingOptions extends GuardOptions {
  /** The guarded agent (buildGuardedAgent) every connection goes through. */
  dispatcher: Dispatcher;
  /** Time budget of one request, its redirects included. */
  timeoutMs: number;
  /** Largest response body fetched for the page. */
  maxResourceBytes: number;
  /** Resource types (Playwright's names: 'image', 'media'...) aborted without a request. */
  blockedResourceTypes?: ReadonlySet<string>;
  /** Answers a top-level navigation from memory when it returns a response. */
  findStoredDocument?: (url: string) => StoredResponse | undefined;
  /** Called for each request the guard refused (for the job log). */
  onRefused?: (url: string, reason: string) => void;
  signal?: AbortSignal;
}

function toFulfilHeaders(headers: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (!TRANSFER_HEADERS.has(name)) result[name] = value;
  return result;
}

/**
 * Answers every request of `context` through the SSRF guard: the request is made by
 * {@link guardedRequest} (each redirect hop re-checked, the connection made to the checked address) and
 * the final response is handed to Chromium with `route.fulfill`; nothing is `route.continue()`d, so
 * Chromium never resolves a name or opens a connection for the page itself. A refused request is aborted
 * as `blockedbyclient`, any other failure as `failed`. WebSockets are closed. The context (or its
 * browser) must also have {@link UNREACHABLE_PROXY}, for requests no handler sees.
 */
export async function routeThroughGuard(
  context: BrowserContext,
  options: GuardedRoutingOptions,
): Promise<void> {
  await context.routeWebSocket(/.*/, (socket) => socket.close());
  await context.route('**/*', async (route: Route, request: Request) => {
    const url = request.url();
    try {
      if (options.blockedResourceTypes?.has(request.resourceType()))
        return await route.abort('blockedbyclient');
      if (!/^https?:/i.test(url)) return await route.abort('blockedbyclient');
      const stored = request.isNavigationRequest() ? options.findStoredDocument?.(url) : undefined;
      if (stored && request.frame().parentFrame() === null) {
        return await route.fulfill({
          status: stored.status,
          headers: { 'content-type': stored.contentType },
          body: Buffer.from(stored.body),
        });
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(await request.allHeaders())) {
        if (!REQUEST_HEADERS_DROPPED.has(name) && !name.startsWith(':')) headers[name] = value;
      }
      headers['accept-encoding'] = 'gzip, deflate, br';
      const postData = request.postDataBuffer();
      const response = await guardedRequest(url, {
        dispatcher: options.dispatcher,
        signal: options.signal,
        allowPrivateUrls: options.allowPrivateUrls,
        loopbackOnly: options.loopbackOnly,
        resolve: options.resolve,
        addressRefusal: options.addressRefusal,
        method: request.method(),
        headers,
        body: postData ?? undefined,
        // Redirects are followed here, each hop re-checked: Chromium would follow a fulfilled 3xx on
        // its own, outside this handler (the unreachable proxy makes such a request fail, not leak).
        maxRedirects: 5,
        timeoutMs: options.timeoutMs,
        maxBytes: options.maxResourceBytes,
        what: 'resource',
      });
      return await route.fulfill({
        status: response.status,
        headers: toFulfilHeaders(response.headers),
        body: Buffer.from(response.body),
      });
    } catch (error) {
      const isRefused = isAppError(error) && error.code === 'ENGINE_FETCH_URL_REFUSED';
      if (isRefused) {
        // A redirect hop's refusal names the hop: the URL the page asked for may be a public one.
        const hop = error.details?.['url'];
        const reason = String(error.details?.['reason'] ?? error.message);
        const isHop = typeof hop === 'string' && /^https?:/i.test(hop) && hop !== url;
        options.onRefused?.(url, isHop ? `redirected to ${hop}: ${reason}` : reason);
      }
      await route.abort(isRefused ? 'blockedbyclient' : 'failed').catch(() => undefined);
    }
  });
}
