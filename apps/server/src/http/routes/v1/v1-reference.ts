import type { FastifyInstance } from 'fastify';

/** The parts of an OpenAPI document this file reads and writes. */
export interface OpenApiDocument {
  openapi: string;
  paths?: Record<string, unknown>;
  components?: Record<string, unknown>;
  [field: string]: unknown;
}

const DESCRIPTION = `The Sitelift API rebuilds old websites as React + Vite + Tailwind projects from your own tools.

**Authentication.** Send an API key as \`Authorization: Bearer <key>\`. Create keys in Sitelift under Profile → API keys (the Scale plan includes API access). A key has scopes: \`read\` (projects, logs, reports, downloads), \`projects\` (create, re-run, cancel, delete; includes read) and \`billing-read\` (the credit balance).

**Rate limits.** Each key may send a number of requests per window. Every answer carries the IETF draft headers \`RateLimit-Limit\` (requests per window), \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds until the window starts again); past the limit the answer is 429 with \`Retry-After\`.

**Idempotency.** Every POST accepts an \`Idempotency-Key\` header. A repeat with the same key and the same body returns the first answer (header \`Idempotent-Replayed: true\`) and never creates or charges twice, even when both arrive at once; the same key with another body is 422. Keys are kept 24 hours per account; a request that failed can be sent again with its key.

**Errors.** Every error answers \`{ "error": { "code", "message" } }\` with a stable code and the matching HTTP status.`;

const REFERENCE_HTML = (prefix: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Sitelift API v1 reference</title>
    <link rel="stylesheet" href="/api/docs/static/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/static/swagger-ui-bundle.js"></script>
    <script src="/api/docs/static/swagger-ui-standalone-preset.js"></script>
    <script src="${prefix}/docs/init.js"></script>
  </body>
</html>
`;

const INIT_SCRIPT = (prefix: string) => `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${prefix}/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'BaseLayout',
  });
});
`;

/**
 * The OpenAPI 3.1 document of /api/v1, cut from the app's own document (@fastify/swagger with the
 * zod transform, the same generator as /api/docs): the paths under `prefix`, with the API key as
 * bearer security scheme.
 */
export function toV1Document(
  full: OpenApiDocument,
  options: { baseUrl: string; prefix: string },
): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(full.paths ?? {}).filter(([path]) => path.startsWith(`${options.prefix}/`)),
  );
  return {
    openapi: full.openapi,
    info: { title: 'Sitelift API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: options.baseUrl }],
    security: [{ apiKey: [] }],
    tags: [
      { name: 'projects', description: 'Rebuild a site and follow its job.' },
      { name: 'billing', description: 'Credits.' },
    ],
    paths,
    components: {
      ...full.components,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from Profile → API keys (starts with `sl_`).',
        },
      },
    },
  };
}

/** GET /api/v1/openapi.json and the reference page /api/v1/docs (no key needed). */
export async function registerV1Reference(
  v1: FastifyInstance,
  options: { baseUrl: string; prefix: string },
): Promise<void> {
  let document: OpenApiDocument | undefined;
  const publicRoute = { apiScope: 'public' } as const;
  v1.get(
    '/openapi.json',
    { schema: { hide: true }, config: publicRoute },
    async (_request, reply) => {
      document ??= toV1Document(v1.swagger() as unknown as OpenApiDocument, options);
      return reply.header('cache-control', 'public, max-age=300').send(document);
    },
  );
  v1.get('/docs', { schema: { hide: true }, config: publicRoute }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(REFERENCE_HTML(options.prefix)),
  );
  v1.get(
    '/docs/init.js',
    { schema: { hide: true }, config: publicRoute },
    async (_request, reply) =>
      reply.type('application/javascript; charset=utf-8').send(INIT_SCRIPT(options.prefix)),
  );
}
