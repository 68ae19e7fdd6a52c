// Zod compiles object parsers with `new Function` unless told not to. The server's
// Content-Security-Policy (script-src 'self') refuses eval, and Chrome reports each refusal as an
// issue (Lighthouse's best practices). Each entry imports this module first, before any schema is built.
import { config } from 'zod/mini';

config({ jitless: true });
