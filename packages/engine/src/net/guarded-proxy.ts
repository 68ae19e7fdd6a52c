import { isAppError } from '@sitelift/shared/error-codes';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type GuardOptions, resolvePublicAddresses, toBareHost } from './assert-public-url';

/** Options of {@link startGuardedProxy}. */
export interface GuardedProxyOptions extends GuardOptions {
  /** Called for each connection the guard refused (for the job log). */
  onRefused?: (target: string, reason: string) => void;
  /** Longest wait for one upstream connection (default 15 s). */
  connectTimeoutMs?: number;
}

/** A forward proxy on 127.0.0.1 whose every upstream connection goes through the SSRF guard. */
export interface GuardedProxy {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /**
   * Chromium arguments that send every connection through this proxy, loopback included (`<-loopback>`
   * takes away Chromium's implicit bypass). WebRTC is not covered: add the browser's WebRTC flags.
   */
  chromiumArgs: string[];
  close(): Promise<void>;
}

/** Headers that belong to one hop (browser to proxy, or proxy to server), never forwarded. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
]);

/** Parses a CONNECT authority (`host:port`, `[v6]:port`) or an absolute http:// URL. */
function parseTarget(
  text: string | undefined,
  isConnect: boolean,
): { host: string; port: number; url?: URL } {
  if (isConnect) {
    const match = /^(\[[^\]]+\]|[^:[\]/@]+):(\d{1,5})$/.exec(text ?? '');
    const port = Number(match?.[2]);
    if (!match?.[1] || port < 1 || port > 65_535)
      throw new Error(`not a CONNECT authority: ${text}`);
    // The URL parser normalises the host as a browser would (IPv4 spellings, IDN, case).
    return { host: toBareHost(new URL(`http://${match[1]}/`)), port };
  }
  const url = new URL(text ?? '');
  if (url.protocol !== 'http:' || url.username !== '' || url.password !== '')
    throw new Error(`not a proxy target: ${text}`);
  return { host: toBareHost(url), port: Number(url.port || 80), url };
}

/** Connects to one of `addresses` (tried in order), all already checked by the guard. */
async function connectToAny(
  addresses: { address: string }[],
  port: number,
  timeoutMs: number,
): Promise<Socket> {
  let lastError: unknown;
  for (const { address } of addresses) {
    try {
      return await new Promise<Socket>((resolve, reject) => {
        const socket = connect({ host: address, port });
        socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`connect timeout`)));
        socket.once('connect', () => {
          socket.setTimeout(0);
          socket.off('error', reject);
          resolve(socket);
        });
        socket.once('error', reject);
      });
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError ?? new Error('no address');
}

/**
 * Starts a forward proxy (HTTP CONNECT for https:// and WebSockets, absolute-URL requests for http://)
 * on 127.0.0.1. Each target host is resolved and checked once by the SSRF guard, and the connection is
 * made to the address checked, so a browser sent through it (`chromiumArgs`) cannot reach a private
 * address by IP literal, by a name that resolves to one, by a redirect or by DNS rebinding. TLS stays
 * end to end: the proxy sees host names and ports, not content. Used for Chromiums that have no request
 * hook, such as Lighthouse's.
 */
export async function startGuardedProxy(options: GuardedProxyOptions = {}): Promise<GuardedProxy> {
  const timeoutMs = options.connectTimeoutMs ?? 15_000;
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const openUpstream = async (host: string, port: number): Promise<Socket> => {
    const target = `${host.includes(':') ? `[${host}]` : host}:${port}`;
    try {
      const addresses = await resolvePublicAddresses(host, options, target);
      const socket = await connectToAny(addresses, port, timeoutMs);
      track(socket);
      return socket;
    } catch (error) {
      if (isAppError(error) && error.code === 'ENGINE_FETCH_URL_REFUSED')
        options.onRefused?.(target, String(error.details?.['reason'] ?? error.message));
      throw error;
    }
  };
  const toStatus = (error: unknown): number =>
    isAppError(error) && error.code === 'ENGINE_FETCH_URL_REFUSED' ? 403 : 502;

  const forward = (request: IncomingMessage, response: ServerResponse): void => {
    let target: ReturnType<typeof parseTarget>;
    try {
      target = parseTarget(request.url, false);
    } catch {
      response.writeHead(400, { connection: 'close' }).end();
      return;
    }
    openUpstream(target.host, target.port).then(
      (socket) => {
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = value;
        }
        // The request target names the server; a Host header that disagrees is not passed on.
        headers['host'] = target.url?.host ?? `${target.host}:${target.port}`;
        headers['connection'] = 'close';
        const upstream = httpRequest(
          {
            createConnection: () => socket,
            method: request.method,
            path: `${target.url?.pathname ?? '/'}${target.url?.search ?? ''}`,
            headers,
          },
          (answer) => {
            const raw: string[] = [];
            for (let index = 0; index < answer.rawHeaders.length; index += 2) {
              const name = answer.rawHeaders[index] ?? '';
              if (!HOP_HEADERS.has(name.toLowerCase()))
                raw.push(name, answer.rawHeaders[index + 1] ?? '');
            }
            response.writeHead(answer.statusCode ?? 502, answer.statusMessage, raw);
            answer.pipe(response);
            answer.once('error', () => response.destroy());
          },
        );
        upstream.once('error', () => {
          if (response.headersSent) response.destroy();
          else response.writeHead(502, { connection: 'close' }).end();
        });
        response.once('close', () => upstream.destroy());
        request.pipe(upstream);
      },
      (error: unknown) => response.writeHead(toStatus(error), { connection: 'close' }).end(),
    );
  };

  const server = createServer(forward);
  server.on('connect', (request: IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    client.on('error', () => client.destroy());
    let target: ReturnType<typeof parseTarget>;
    try {
      target = parseTarget(request.url, true);
    } catch {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    openUpstream(target.host, target.port).then(
      (upstream) => {
        if (client.destroyed) {
          upstream.destroy();
          return;
        }
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      },
      (error: unknown) => {
        const status = toStatus(error);
        client.end(`HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Bad Gateway'}\r\n\r\n`);
      },
    );
  });
  // A plain-HTTP WebSocket or other upgrade would need its own forwarding: refused.
  server.on('upgrade', (_request: IncomingMessage, socket: Duplex) => {
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    chromiumArgs: [`--proxy-server=${url}`, '--proxy-bypass-list=<-loopback>'],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
