/**
 * optimize stage: re-encodes the images the rebuild self-hosts as WebP, no wider than
 * MAX_IMAGE_WIDTH, and rewrites every reference (image src, width and height; logo path) to match.
 * Old sites ship photos as PNG and 2,000-pixel JPEGs; on a phone those bytes are most of the page.
 *
 * - Photos (true-colour PNG, JPEG, BMP, TIFF) become lossy WebP; palette images (GIF, 8-bit PNG)
 *   become lossless WebP, so flat graphics and text in pictures stay sharp.
 * - An image is replaced only when that saves at least MIN_SAVING of its bytes, or when it had to be
 *   made narrower; otherwise the original bytes stay (with its displayed size corrected for EXIF
 *   rotation).
 * - Left as they are: the favicon (browsers and hosts expect ICO/PNG there), SVG, ICO, AVIF,
 *   animated GIF/WebP, and anything that does not decode (logged, kept).
 *
 * Deterministic: the same plan gives byte-identical images (libvips and libwebp with fixed options).
 */
import sharp from 'sharp';
import type { ImageRef, PlannedAsset, SitePlan } from '../../model';
import type { Logger } from '../../ports';
import { mapWithConcurrency } from '../../lib/map-with-concurrency';
import { withHeroPlates } from './hero-plate';

/** Widest image kept, in pixels: the 72rem content column at about 1.4x, or 800 px at 2x. */
export const MAX_IMAGE_WIDTH = 1600;
/** Share of bytes a re-encoding must save to replace an image that did not need resizing. */
export const MIN_SAVING = 0.1;
/**
 * Widths of the narrower copies of a large picture, for `srcset` (issue 12 item 3): a phone loads the
 * 480 px one, a tablet or a 2x phone the 960 px one. A copy is made only when it is at least a fifth
 * narrower than the picture itself.
 */
export const VARIANT_WIDTHS = [480, 960] as const;
/** Images larger than this many pixels are not decoded (a "decompression bomb" guard). */
const MAX_INPUT_PIXELS = 50_000_000;

const RASTER_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/gif',
  'image/bmp',
  'image/x-ms-bmp',
  'image/tiff',
  'image/webp',
]);

/** Options of optimizeImages. */
export interface OptimizeImagesOptions {
  logger?: Logger;
  signal?: AbortSignal;
}

/** What happened to one image. */
export interface ImageOptimization {
  path: string;
  newPath: string;
  bytesBefore: number;
  bytesAfter: number;
  width?: number;
  height?: number;
}

interface Outcome {
  asset: PlannedAsset;
  changed: boolean;
}

// libvips' operation cache only helps repeated work on the same input; keep memory flat instead.
sharp.cache(false);

function mediaTypeOf(asset: PlannedAsset): string {
  return asset.contentType.split(';')[0]!.trim().toLowerCase();
}

async function optimizeOne(asset: PlannedAsset, logger: Logger | undefined): Promise<Outcome> {
  const kept: Outcome = { asset, changed: false };
  try {
    const input = sharp(asset.body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    if ((meta.pages ?? 1) > 1) return kept; // animated: WebP could hold it, but keep the frames exact
    const oriented = meta.autoOrient;
    const sized: PlannedAsset = { ...asset };
    if (oriented.width > 0 && oriented.height > 0) {
      sized.width = oriented.width;
      sized.height = oriented.height;
    }
    const isPalette = meta.format === 'gif' || meta.isPalette;
    const needsResize = oriented.width > MAX_IMAGE_WIDTH;
    const { data, info } = await input
      .rotate()
      .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
      .webp(
        isPalette
          ? { lossless: true, effort: 4 }
          : { quality: 80, alphaQuality: 90, effort: 4, smartSubsample: true },
      )
      .toBuffer({ resolveWithObject: true });
    const isSmaller = data.byteLength <= asset.body.byteLength * (1 - MIN_SAVING);
    if (!needsResize && !isSmaller) {
      // Same bytes; only the size it is shown at may change (EXIF-rotated photos).
      return {
        asset: sized,
        changed: sized.width !== asset.width || sized.height !== asset.height,
      };
    }
    return {
      asset: {
        ...asset,
        path: asset.path.replace(/(?:\.[a-z0-9]+)?$/i, '.webp'),
        contentType: 'image/webp',
        body: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        width: info.width,
        height: info.height,
      },
      changed: true,
    };
  } catch (error) {
    logger?.log({
      level: 'DEBUG',
      message: `Kept image ${asset.path} as it was: ${error instanceof Error ? error.message : String(error)}`,
    });
    return kept;
  }
}

/**
 * The narrower copies of every raster picture wider than a variant width (see VARIANT_WIDTHS), as
 * WebP at quality 80 (lossless for palette images); an image that does not decode gets none.
 */
async function responsiveVariants(
  assets: PlannedAsset[],
  usedPaths: Set<string>,
  logger: Logger | undefined,
  signal: AbortSignal | undefined,
): Promise<{ assets: PlannedAsset[]; byPath: Record<string, { path: string; width: number }[]> }> {
  const made = await mapWithConcurrency(assets, 2, async (asset) => {
    const widths = VARIANT_WIDTHS.filter((width) => asset.width && width <= asset.width * 0.8);
    if (widths.length === 0 || signal?.aborted) return [];
    try {
      const input = sharp(asset.body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
      const meta = await input.metadata();
      if ((meta.pages ?? 1) > 1) return [];
      const isPalette = meta.format === 'gif' || meta.isPalette;
      const out: PlannedAsset[] = [];
      for (const width of widths) {
        const { data, info } = await input
          .clone()
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp(
            isPalette
              ? { lossless: true, effort: 4 }
              : { quality: 80, alphaQuality: 90, effort: 4, smartSubsample: true },
          )
          .toBuffer({ resolveWithObject: true });
        out.push({
          url: `${asset.url}#${width}w`,
          path: asset.path.replace(/(?:\.[a-z0-9]+)?$/i, `-${width}w.webp`),
          contentType: 'image/webp',
          body: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
          width: info.width,
          height: info.height,
        });
      }
      return out;
    } catch (error) {
      logger?.log({
        level: 'DEBUG',
        message: `No responsive copies of ${asset.path}: ${error instanceof Error ? error.message : String(error)}`,
      });
      return [];
    }
  });
  const byPath: Record<string, { path: string; width: number }[]> = {};
  const out: PlannedAsset[] = [];
  for (const [index, copies] of made.entries()) {
    const list: { path: string; width: number }[] = [];
    for (const copy of copies) {
      let path = copy.path;
      for (let n = 2; usedPaths.has(path); n++) path = copy.path.replace(/\.webp$/, `-${n}.webp`);
      usedPaths.add(path);
      out.push({ ...copy, path });
      list.push({ path, width: copy.width! });
    }
    if (list.length > 0) byPath[assets[index]!.path] = list;
  }
  return { assets: out, byPath };
}

/**
 * Copies a plan value, replacing image references whose src is a changed asset's old path, and links
 * to such an image (a thumbnail opening its full-size picture): they follow it to its new path.
 */
function rewriteRefs<T>(value: T, bySrc: Map<string, PlannedAsset>): T {
  if (Array.isArray(value)) return value.map((item: unknown) => rewriteRefs(item, bySrc)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) out[key] = rewriteRefs(item, bySrc);
  const asset = typeof record.src === 'string' ? bySrc.get(record.src) : undefined;
  if (asset) {
    const image = out as unknown as ImageRef;
    image.src = `/${asset.path}`;
    if (asset.width !== undefined && asset.height !== undefined) {
      image.width = asset.width;
      image.height = asset.height;
    }
  }
  const linked = typeof record.href === 'string' ? bySrc.get(record.href) : undefined;
  if (linked) out.href = `/${linked.path}`;
  return out as T;
}

/**
 * Re-encodes a plan's self-hosted images (see the file comment) and returns the plan with assets,
 * paths, image references and sizes updated, plus what changed. Never throws for a bad image.
 */
export async function optimizeImages(
  plan: SitePlan,
  options: OptimizeImagesOptions = {},
): Promise<{ plan: SitePlan; optimized: ImageOptimization[] }> {
  const { logger, signal } = options;
  // The hero pictures' plates are read on the pictures as the original served them.
  plan = await withHeroPlates(plan);
  const candidates = plan.assets.filter(
    (asset) => asset.path !== plan.identity.faviconPath && RASTER_TYPES.has(mediaTypeOf(asset)),
  );
  let done = 0;
  const outcomes = await mapWithConcurrency(candidates, 2, async (asset) => {
    if (signal?.aborted) return { asset, changed: false };
    const outcome = await optimizeOne(asset, logger);
    logger?.progress?.({ stage: 'optimize', done: ++done, total: candidates.length });
    return outcome;
  });

  const usedPaths = new Set(plan.assets.map((asset) => asset.path));
  const byOldPath = new Map<string, PlannedAsset>();
  const optimized: ImageOptimization[] = [];
  for (const [index, outcome] of outcomes.entries()) {
    if (!outcome.changed) continue;
    const before = candidates[index]!;
    let next = outcome.asset;
    if (next.path !== before.path) {
      let path = next.path;
      for (let n = 2; usedPaths.has(path); n++) path = next.path.replace(/\.webp$/, `-${n}.webp`);
      usedPaths.add(path);
      next = { ...next, path };
    }
    byOldPath.set(before.path, next);
    optimized.push({
      path: before.path,
      newPath: next.path,
      bytesBefore: before.body.byteLength,
      bytesAfter: next.body.byteLength,
      ...(next.width === undefined ? {} : { width: next.width }),
      ...(next.height === undefined ? {} : { height: next.height }),
    });
  }
  // Background pictures are drawn by CSS at one size: no narrower copies (issue 23).
  const backgroundPaths = new Set(
    [
      ...Object.values(plan.design.tokens.backgrounds ?? {}),
      ...(plan.design.tokens.pageGrounds ?? []).map((own) => own.picture),
    ].map((picture) => {
      const path = picture.src.replace(/^\//, '');
      return byOldPath.get(path)?.path ?? path;
    }),
  );
  const variants = await responsiveVariants(
    plan.assets
      .map((asset) => byOldPath.get(asset.path) ?? asset)
      .filter(
        (asset) =>
          asset.path !== plan.identity.faviconPath &&
          asset.path !==
            (byOldPath.get(plan.identity.logoPath ?? '')?.path ?? plan.identity.logoPath) &&
          !backgroundPaths.has(asset.path) &&
          RASTER_TYPES.has(mediaTypeOf(asset)),
      ),
    usedPaths,
    logger,
    signal,
  );
  if (byOldPath.size === 0 && variants.assets.length === 0) return { plan, optimized };

  const bySrc = new Map([...byOldPath].map(([path, asset]) => [`/${path}`, asset]));
  const logoPath = plan.identity.logoPath;
  const newLogo = logoPath === undefined ? undefined : byOldPath.get(logoPath);
  const assets = [
    ...plan.assets.map((asset) => byOldPath.get(asset.path) ?? asset),
    ...variants.assets,
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const before = optimized.reduce((sum, item) => sum + item.bytesBefore, 0);
  const after = optimized.reduce((sum, item) => sum + item.bytesAfter, 0);
  logger?.log({
    level: 'INFO',
    message: `Optimised ${optimized.length} of ${candidates.length} images: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB`,
  });
  return {
    plan: {
      ...plan,
      identity: newLogo ? { ...plan.identity, logoPath: newLogo.path } : plan.identity,
      pages: rewriteRefs(plan.pages, bySrc),
      // The background pictures of the design (issue 23): `src` like an image's.
      design: { ...plan.design, tokens: rewriteRefs(plan.design.tokens, bySrc) },
      assets,
      ...(variants.assets.length > 0 ? { imageVariants: variants.byPath } : {}),
    },
    optimized,
  };
}
