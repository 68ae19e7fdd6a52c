/**
 * Self-hosted assets: every downloaded image a page shows (and the files it links), plus favicon
 * and logo, each given a unique path in the generated project.
 */
import type { PlannedAsset, SiteModel } from '../../model';
import { isPublicFileExtension } from '../../lib/public-file-types';
import { toShortHash } from './plan-routes';
import { slugify } from '../../model';

/**
 * Content type -> file extension of a planned image. Hand-written on purpose: mrmime maps extensions
 * to types only, its reverse would pick `jpeg` over `jpg` and miss `.ico` and the `image/jpg` alias,
 * and these extensions are in every generated project's file names (the goldens).
 */
const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'image/bmp': 'bmp',
  // The site's own web fonts (issue 12).
  'font/woff2': 'woff2',
  'font/woff': 'woff',
  'application/font-woff': 'woff',
  'application/x-font-woff': 'woff',
  'font/ttf': 'ttf',
  'application/x-font-ttf': 'ttf',
  'font/otf': 'otf',
};
/** Header links before the rest move to the footer only. */

/** The assets planned so far, and how to plan more. */
export interface AssetHost {
  /** Downloaded assets by URL (inline images join as they are hosted). */
  assetByUrl: Map<string, SiteModel['assets'][number]>;
  /** Planned assets by original URL, in the order they were planned. */
  planned: Map<string, PlannedAsset>;
  /** Plans a downloaded asset into `folder` (or at the root as `fixedName`); undefined when not downloaded. */
  hostAsset: (url: string, folder: string, fixedName?: string) => PlannedAsset | undefined;
  /** Plans a base64 data: image as a file. */
  hostDataUri: (uri: string) => PlannedAsset | undefined;
}

/** An asset host for the site's downloaded assets. */
export function createAssetHost(model: SiteModel): AssetHost {
  const assetByUrl = new Map(model.assets.map((asset) => [asset.url, asset]));
  const planned = new Map<string, PlannedAsset>();
  const usedPaths = new Set<string>();
  const hostAsset = (url: string, folder: string, fixedName?: string): PlannedAsset | undefined => {
    const existing = planned.get(url);
    if (existing) return existing;
    const asset = assetByUrl.get(url);
    if (!asset) return undefined;
    const ext = extensionOf(asset);
    let path: string;
    if (fixedName) path = `${fixedName}.${ext}`;
    else {
      const base = url.startsWith('data:')
        ? 'inline'
        : slugify(
            decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '').replace(
              /\.[a-z0-9]+$/i,
              '',
            ),
          ) || 'image';
      path = `${folder}/${base}-${toShortHash(url)}.${ext}`;
    }
    for (let n = 2; usedPaths.has(path); n++) path = path.replace(/(\.[a-z0-9]+)$/, `-${n}$1`);
    usedPaths.add(path);
    const out: PlannedAsset = { url, path, contentType: asset.contentType, body: asset.body };
    if (asset.width !== undefined) out.width = asset.width;
    if (asset.height !== undefined) out.height = asset.height;
    planned.set(url, out);
    return out;
  };

  // Small inline (data:) images become files too: self-hosted like the rest, cacheable.
  // Matched by hand rather than with data-urls: base64 images only, and fast (see parseDataUri).
  const hostDataUri = (uri: string): PlannedAsset | undefined => {
    const match = /^data:(image\/[a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)$/i.exec(uri);
    if (!match) return undefined;
    const contentType = match[1]!.toLowerCase();
    let body: Uint8Array;
    try {
      body = Uint8Array.from(atob(match[2]!.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
    } catch {
      return undefined;
    }
    if (!assetByUrl.has(uri)) assetByUrl.set(uri, { url: uri, contentType, body });
    return hostAsset(uri, 'images');
  };

  return { assetByUrl, planned, hostAsset, hostDataUri };
}

function extensionOf(asset: { url: string; contentType: string }): string {
  const type = asset.contentType.split(';')[0]!.trim().toLowerCase();
  const fromType = IMAGE_TYPES[type];
  if (fromType) return fromType;
  const fromUrl = /\.([a-z0-9]{2,4})$/i.exec(new URL(asset.url).pathname)?.[1]?.toLowerCase();
  return fromUrl && isPublicFileExtension(fromUrl) ? fromUrl : 'bin';
}
