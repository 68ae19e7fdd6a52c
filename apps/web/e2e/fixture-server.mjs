// A tiny static server on loopback for the browser tests: it serves fixtures/site/ as the "old
// website" that projects are created from. Port: E2E_FIXTURE_PORT (default 3918).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'site');
const port = Number(process.env.E2E_FIXTURE_PORT ?? 3918);
const types = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.png': 'image/png' };

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const name = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
  const file = path.join(root, path.normalize(name));
  if (!file.startsWith(root)) {
    response.writeHead(403).end();
    return;
  }
  try {
    const body = await readFile(file);
    response.writeHead(200, {
      'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch {
    response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>');
  }
});
server.listen(port, '127.0.0.1', () => console.log(`fixture site on http://127.0.0.1:${port}/`));
for (const signal of ['SIGTERM', 'SIGINT'])
  process.on(signal, () => server.close(() => process.exit(0)));
