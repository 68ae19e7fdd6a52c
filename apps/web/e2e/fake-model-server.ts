// A loopback stand-in for an OpenAI-compatible model server in the browser tests (issue 25): the
// engine's own fake (packages/engine/src/ai/testing), which answers the connection test's
// structured call for the key E2E_MODEL_KEY and refuses any other key with OpenAI's 401. The fake
// takes a free port; a plain pass-through on the fixed port (--port) gives the spec a known URL.
import http from 'node:http';
import { startFakeOpenAiServer } from '../../../packages/engine/src/ai/testing';

const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 3920;
const apiKey = process.env.E2E_MODEL_KEY ?? 'sk-e2e-model-key-0123456789';

const fake = await startFakeOpenAiServer({
  apiKey,
  fallback: { json: { ok: true }, usage: { input: 40, output: 6 } },
});
const target = new URL(fake.baseUrl);
const proxy = http.createServer((request, response) => {
  // Playwright waits for this before the tests start.
  if (request.url === '/ready') {
    response.end('ok');
    return;
  }
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: request.headers,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => response.destroy());
  request.pipe(upstream);
});
proxy.listen(port, '127.0.0.1', () => {
  console.log(`fake model server on http://127.0.0.1:${port}/v1`);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    proxy.close();
    void fake.close().then(() => process.exit(0));
  });
}
