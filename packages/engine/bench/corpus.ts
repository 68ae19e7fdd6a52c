import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { startStaticServer, type StaticServer } from '../src/stages/verify/serve-static';
import { ENGINE_DIR } from '../src/stages/verify/write-project';

/** One site of the corpus manifest (the fields the bench and the end-to-end tests use). */
export const corpusSiteSchema = z.object({
  name: z.string(),
  entry: z.string(),
  charset: z.string().optional(),
  jsRendered: z.boolean().optional(),
  categories: z.array(z.string()).default([]),
  pages: z.array(z.string()),
  mustKeep: z.array(z.string()),
});
/** One corpus site. */
export type CorpusSite = z.infer<typeof corpusSiteSchema>;

/** The corpus folder: CORPUS_DIR, else ../shared/corpus next to the repository. */
export function getCorpusDir(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(
    env.CORPUS_DIR ?? path.join(ENGINE_DIR, '..', '..', '..', 'shared', 'corpus'),
  );
}

/** Reads manifest.json of the corpus; undefined when there is no corpus. */
export function readCorpusManifest(corpusDir = getCorpusDir()): CorpusSite[] | undefined {
  const file = path.join(corpusDir, 'manifest.json');
  if (!existsSync(file)) return undefined;
  return z.array(corpusSiteSchema).parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * Serves one corpus site on 127.0.0.1 (random port) the way `python3 -m http.server` does: HTML as
 * `text/html` without a charset, so the engine must detect encodings itself. Returns its start URL.
 */
export async function serveCorpusSite(
  site: CorpusSite,
  corpusDir = getCorpusDir(),
): Promise<{ server: StaticServer; startUrl: string }> {
  const server = await startStaticServer(path.join(corpusDir, site.name), {
    fallback: 'none',
    contentTypeFor: (file) => (/\.html?$/iu.test(file) ? 'text/html' : undefined),
  });
  return { server, startUrl: `${server.origin}/${site.entry}` };
}
