// zod/mini keeps this first-load module small; the full zod loads with the form screens.
import * as z from 'zod/mini';

const envSchema = z.object({
  /** Where the API lives; empty means the same origin (the server serves the SPA, Vite proxies in dev). */
  VITE_API_BASE_URL: z.optional(z.string()),
  MODE: z.optional(z.string()),
  DEV: z.optional(z.boolean()),
});

const parsed = envSchema.parse(import.meta.env);

/** The app's only view of `import.meta.env`, checked once at start (fails fast on a bad value). */
export const env = {
  VITE_API_BASE_URL: (parsed.VITE_API_BASE_URL ?? '').replace(/\/+$/, ''),
  MODE: parsed.MODE ?? 'production',
  DEV: parsed.DEV ?? false,
};
