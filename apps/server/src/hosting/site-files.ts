import { buffer } from 'node:stream/consumers';
import type { HostingProvider } from '@sitelift/shared/schemas/hosting';
import { ARTIFACT_NAMES, type ArtifactStore } from '../artifacts/artifact-store';
import type { SiteFile } from './hosting-provider';

/** Files whose text may name the build's base path (HTML, scripts, styles, manifests, maps, SVG). */
const TEXT_FILE = /\.(?:html?|m?js|css|json|webmanifest|xml|txt|map|svg)$/i;

/**
 * The stored dist/ is the live preview's build, made for the base `/preview/<id>/` (links, assets,
 * router); a host serves it at `/`. The base is unique (it holds the project's id), so replacing it
 * with '/' in text files gives the build for '/'. A dist built for '/' (no preview build) has no
 * such text and is unchanged.
 */
export function toRootFiles(files: SiteFile[], projectId: string): SiteFile[] {
  const base = `/preview/${projectId}/`;
  const encoder = new TextEncoder();
  return files.map((file) => {
    if (!TEXT_FILE.test(file.path)) return file;
    const text = Buffer.from(file.bytes).toString('utf8');
    if (!text.includes(base)) return file;
    return { path: file.path, bytes: encoder.encode(text.replaceAll(base, '/')) };
  });
}

/**
 * What makes a host answer the single-page app's own routes with index.html: Netlify's and
 * Cloudflare's `_redirects` (a rewrite, status 200, that files on disk take precedence over, so
 * prerendered routes keep their own page) and Vercel's `vercel.json` rewrites (after the file system).
 */
export function toRedirectFile(provider: HostingProvider): SiteFile {
  const encoder = new TextEncoder();
  if (provider === 'vercel') {
    const config = { rewrites: [{ source: '/(.*)', destination: '/index.html' }] };
    return { path: 'vercel.json', bytes: encoder.encode(`${JSON.stringify(config, null, 2)}\n`) };
  }
  return { path: '_redirects', bytes: encoder.encode('/*    /index.html   200\n') };
}

/**
 * The files to deploy for a project: its stored dist/ made for '/' plus the host's redirect file
 * (replacing one the build may carry). Empty when the project has no stored build.
 */
export async function readSiteFiles(
  artifacts: ArtifactStore,
  projectId: string,
  provider: HostingProvider,
): Promise<SiteFile[]> {
  const prefix = `${ARTIFACT_NAMES.distDir}/`;
  const names = (await artifacts.list(projectId, prefix)).sort();
  const files: SiteFile[] = [];
  for (const name of names) {
    const opened = await artifacts.open(projectId, name);
    if (!opened) continue;
    files.push({ path: name.slice(prefix.length), bytes: await buffer(opened.stream) });
  }
  if (files.length === 0) return [];
  const redirect = toRedirectFile(provider);
  return [...toRootFiles(files, projectId).filter((file) => file.path !== redirect.path), redirect];
}
