import { z } from 'zod';

const envSchema = z.object({
  /** Where the API lives; empty means the same origin (the server serves the SPA, Vite proxies in dev). */
  VITE_API_BASE_URL: z
    .string()
    .default('')
    .transform((value) => value.replace(/\/+$/, '')),
  MODE: z.string().default('production'),
  DEV: z.boolean().default(false),
});

/** The app's only view of `import.meta.env`, checked once at start (fails fast on a bad value). */
export const env = envSchema.parse(import.meta.env);
