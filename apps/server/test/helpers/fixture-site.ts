import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small old-style site served on 127.0.0.1:0 for the worker tests:
 * - `/shop/` (index + about page, a table layout, an image) — a normal site;
 * - `/missing/` — the start page answers 404;
 * - `/canvas/` — an app-like page: a canvas drawn by a script, not a word of text;
 * - `/stall/` — the first request of the start page hangs until release() (a worker "dies" meanwhile),
 *   later ones are answered normally.
 */
export interface FixtureSite {
  url: string;
  /** Lets the held /stall/ request(s) finish (with an empty 503). */
  release(): void;
  /** Requests received per path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function page(title: string, body: string): string {
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html><head><title>${title}</title><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head>
<body bgcolor="#ffffee"><table width="640" border="0"><tr><td>${body}</td></tr></table></body></html>
`;
}

function siteFiles(prefix: string): Record<string, { type: string; body: string | Buffer }> {
  return {
    [`${prefix}`]: {
      type: 'text/html',
      body: page(
        'Van Dijk Fietsen',
        `<h1>Van Dijk Fietsen</h1>
<p><img src="logo.png" width="120" height="40" alt="Van Dijk Fietsen logo"></p>
<p>Repairs and rentals in the old town since 1979. Open Monday to Saturday.</p>
<p><a href="about.html">About the shop</a></p>`,
      ),
    },
    [`${prefix}about.html`]: {
      type: 'text/html',
      body: page(
        'About the shop',
        `<h1>About the shop</h1>
<p>Three generations of bicycle mechanics keep the wheels of the town turning.</p>
<p><a href="./">Back to the start page</a></p>`,
      ),
    },
    [`${prefix}logo.png`]: { type: 'image/png', body: PIXEL_PNG },
  };
}

/** Starts the fixture site. */
export async function startFixtureSite(): Promise<FixtureSite> {
  const files: Record<string, { type: string; body: string | Buffer }> = {
    ...siteFiles('/shop/'),
    ...siteFiles('/stall/'),
    '/canvas/': {
      type: 'text/html',
      body: `<!DOCTYPE html><html><head><title>Orbit</title></head><body>
<canvas id="game" width="320" height="200"></canvas>
<script>document.getElementById('game').getContext('2d').fillRect(10, 10, 50, 50);</script>
</body></html>`,
    },
  };
  const hits = new Map<string, number>();
  const held: http.ServerResponse[] = [];
  let stalledOnce = false;
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    if (pathname === '/stall/' && !stalledOnce) {
      stalledOnce = true;
      held.push(response);
      return;
    }
    const file = files[pathname];
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<html><body><h1>Not Found</h1></body></html>');
      return;
    }
    response.writeHead(200, { 'content-type': file.type });
    response.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const release = () => {
    for (const response of held.splice(0)) {
      if (!response.writableEnded) {
        response.writeHead(503);
        response.end();
      }
    }
  };
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    release,
    async close() {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
