// `zod/mini` for the prerendered public pages (issue 13 item 6): the same module, configured
// `jitless` before any schema is built. The app's entry does that first thing (main.tsx); the public
// pages load zod only later, with the parts that fetch, so `scripts/prerender.mjs` resolves every
// `zod/mini` import of the public builds here. Otherwise zod's eval probe, run when an object schema
// is built, breaks the Content-Security-Policy (script-src 'self') and logs an error.
import '../lib/zod-jitless';

export * from 'zod/mini';
