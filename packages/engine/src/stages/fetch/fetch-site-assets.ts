import { isAppError } from '@sitelift/shared/error-codes';
import type { Dispatcher } from 'undici';
import type { Logger } from '../../ports';
import sharp from 'sharp';
import type { Diagnostic, PageProbe, RawAsset, RawPage, RawStylesheet } from '../../types';
import type { GuardOptions } from '../../net/assert-public-url';
import { formatBytes, guardedRequest, type GuardedResponse } from '../../net/guarded-request';
import type { PageReferences } from './collect-page-references';
import { toAssetUrl } from './crawl-url';
import { listCssImports, listCssUrls } from './css-references';
import { getContentTypeCharset, toEncodingName } from './decode-html';
import { mapWithConcurrency } from '../../lib/map-with-concurrency';
import { readImageSize, sniffImageType } from './read-image-size';

/** Largest data: URI image kept (decoded bytes); larger inline images are reported, not kept. */
export const MAX_INLINE_IMAGE_BYTES = 2 * 1024 * 1024;

/** Options of fetchSiteAssets. */
export interface SiteAssetOptions extends GuardOptions {
  dispatcher: Dispatcher;
  userAgent: string;
  timeoutMs: number;
  maxAssetBytes: number;
  maxAssetBytesTotal: number;
  concurrency: number;
  /** The site's origin: its /favicon.ico is tried, and it is the Referer of asset requests. */
  faviconOrigin: string;
  signal?: AbortSignal;
  logger: Logger;
  diagnostics: Diagnostic[];
  /** Called after each finished download, for progress. */
  onProgress?: (done: number, total: number) => void;
}

/** The stylesheets and assets of a site. */
export interface SiteAssets {
  stylesheets: RawStylesheet[];
  assets: RawAsset[];
  /** Bytes downloaded or decoded (stylesheets and assets). */
  bytes: number;
}

interface AssetRequest {
  url: string;
  kind: 'image' | 'icon' | 'font' | 'favicon';
}

const FONT_TYPES = /^(?:font\/|application\/(?:x-)?font-|application\/vnd\.ms-fontobject$)/;
const UNTYPED = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'text/plain',
  'application/unknown',
]);
const FONT_EXTENSIONS: Record<string, string> = {
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
};

/** A refusal of an asset that is not an error of the site as a whole. */
class AssetSkip extends Error {}

/** The media type to record for an asset, or undefined when the bytes are not an image or font. */
function toAssetType(mediaType: string, body: Uint8Array, url: string): string | undefined {
  if (mediaType.startsWith('image/')) return mediaType;
  if (FONT_TYPES.test(mediaType)) return mediaType;
  if (!UNTYPED.has(mediaType)) return undefined;
  const sniffed = sniffImageType(body);
  if (sniffed) return sniffed;
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? '';
  return FONT_EXTENSIONS[extension];
}

/**
 * Decodes a data: URI; undefined when it is malformed. Hand-written rather than data-urls on purpose:
 * data-urls runs the whole URI through whatwg-url's parser in JavaScript, about 1.5 µs a byte (a
 * 200 KB inline image took 0.3-0.4 s, a 2 MB one 5-6 s, where Buffer's base64 takes a millisecond),
 * and pages inline images of that size; what is kept here is only the image's type and bytes.
 */
export function parseDataUri(uri: string): { mediaType: string; body: Uint8Array } | undefined {
  const match = /^data:([^,]*?),(.*)$/is.exec(uri);
  if (!match) return undefined;
  const meta = match[1] ?? '';
  const isBase64 = /;base64$/i.test(meta);
  const mediaType =
    (meta.replace(/;base64$/i, '').split(';')[0] ?? '').trim().toLowerCase() || 'text/plain';
  const data = match[2] ?? '';
  try {
    const body = isBase64
      ? new Uint8Array(Buffer.from(data.replace(/\s+/g, ''), 'base64'))
      : new TextEncoder().encode(decodeURIComponent(data));
    return { mediaType, body };
  } catch {
    return undefined;
  }
}

function decodeCss(response: GuardedResponse): string {
  const declared = toEncodingName(getContentTypeCharset(response.headers['content-type']));
  const atCharset = /^@charset\s+"([^"]+)";/.exec(
    Buffer.from(response.body.subarray(0, 128)).toString('latin1'),
  )?.[1];
  const encoding = declared ?? toEncodingName(atCharset) ?? 'utf-8';
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(response.body);
  } catch {
    return new TextDecoder(encoding === 'utf-8' ? 'windows-1252' : encoding).decode(response.body);
  }
}

function describe(error: unknown): string {
  if (error instanceof AssetSkip) return error.message;
  if (isAppError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Downloads a site's stylesheets (linked, plus one level of @import) and assets (images, icons, fonts,
 * data: images) through the SSRF guard with per-asset and per-site byte limits and limited
 * concurrency. Failures become warnings; the results keep the order in which the pages refer to them.
 */
export async function fetchSiteAssets(
  pages: { url: string; references: PageReferences; probe?: PageProbe }[],
  options: SiteAssetOptions,
): Promise<SiteAssets> {
  const { logger, diagnostics } = options;
  let bytes = 0;
  let isBudgetExhausted = false;
  const warn = (code: Diagnostic['code'], url: string, message: string): void => {
    diagnostics.push({
      level: 'warning',
      code,
      message,
      url: url.startsWith('data:') ? `${url.slice(0, 60)}…` : url,
    });
    logger.log({ level: 'WARNING', message });
  };
  const reserve = (size: number, url: string): boolean => {
    if (bytes + size > options.maxAssetBytesTotal) {
      if (!isBudgetExhausted) {
        isBudgetExhausted = true;
        warn(
          'ENGINE_FETCH_ASSET_BUDGET_EXCEEDED',
          url,
          `Stopped downloading assets: the site's assets exceed ${formatBytes(options.maxAssetBytesTotal)}.`,
        );
      }
      return false;
    }
    bytes += size;
    return true;
  };
  const get = (
    url: string,
    accept: string,
    check: (mediaType: string, status: number) => void,
  ): Promise<GuardedResponse> =>
    guardedRequest(url, {
      ...options,
      headers: {
        'user-agent': options.userAgent,
        accept,
        'accept-encoding': 'gzip, deflate, br',
        // Old hosts often refuse images "hot-linked" from elsewhere: say the site's own pages ask.
        referer: `${options.faviconOrigin}/`,
      },
      maxRedirects: 5,
      maxBytes: options.maxAssetBytes,
      timeoutMs: options.timeoutMs,
      what: 'asset',
      checkResponse: (head) => check(head.mediaType, head.status),
    });

  // Stylesheets: linked ones once each, in page order, with their @imports (one level) before them.
  const cssCheck = (mediaType: string, status: number): void => {
    if (status < 200 || status > 299) throw new AssetSkip(`HTTP ${status}`);
    if (mediaType && mediaType !== 'text/css')
      throw new AssetSkip(`not a stylesheet (${mediaType})`);
  };
  const fetchCss = async (url: string): Promise<string | undefined> => {
    if (isBudgetExhausted || options.signal?.aborted) return undefined;
    try {
      const response = await get(url, 'text/css,*/*;q=0.1', cssCheck);
      if (!reserve(response.body.byteLength, url)) return undefined;
      return decodeCss(response);
    } catch (error) {
      warn('ENGINE_FETCH_STYLESHEET_SKIPPED', url, `Skipped stylesheet ${url}: ${describe(error)}`);
      return undefined;
    }
  };
  const linked = [...new Set(pages.flatMap((page) => page.references.stylesheets))];
  const linkedCss = await mapWithConcurrency(linked, options.concurrency, fetchCss);
  const sheets: { url: string; base: string; css: string }[] = [];
  const seenSheets = new Set<string>();
  const withImports = async (url: string, base: string, css: string): Promise<void> => {
    for (const target of listCssImports(css)) {
      const importUrl = toAssetUrl(target, base);
      if (!importUrl || importUrl.startsWith('data:') || seenSheets.has(importUrl)) continue;
      seenSheets.add(importUrl);
      const imported = await fetchCss(importUrl);
      if (imported !== undefined) sheets.push({ url: importUrl, base: importUrl, css: imported });
    }
    sheets.push({ url, base, css });
  };
  for (const [index, url] of linked.entries()) {
    seenSheets.add(url);
    const css = linkedCss[index];
    if (css !== undefined) await withImports(url, url, css);
  }
  for (const page of pages) {
    for (const [index, css] of page.references.inlineStyles.entries()) {
      await withImports(`inline:${page.url}#${index}`, page.references.baseUrl, css);
    }
  }

  // Assets in the order pages and stylesheets refer to them.
  const requests: AssetRequest[] = [];
  const seen = new Set<string>();
  const add = (url: string | undefined, kind: AssetRequest['kind']): void => {
    if (url && !seen.has(url)) {
      seen.add(url);
      requests.push({ url, kind });
    }
  };
  for (const page of pages) {
    for (const url of page.references.icons) add(url, 'icon');
    // The pictures of the site's identity the probe saw (CSS backgrounds set by scripts included).
    for (const url of listProbeImages(page.probe)) add(url, 'image');
    for (const url of page.references.images) add(url, 'image');
    for (const url of page.references.fonts) add(url, 'font');
  }
  for (const sheet of sheets) {
    for (const reference of listCssUrls(sheet.css))
      add(toAssetUrl(reference.url, sheet.base), reference.kind);
  }
  add(new URL('/favicon.ico', options.faviconOrigin).href, 'favicon');

  let done = 0;
  const fetchAsset = async (request: AssetRequest): Promise<RawAsset | undefined> => {
    try {
      if (request.url.startsWith('data:')) return toDataAsset(request.url);
      if (isBudgetExhausted || options.signal?.aborted) return undefined;
      const response = await get(
        request.url,
        request.kind === 'font' ? 'font/*,*/*;q=0.5' : 'image/*,*/*;q=0.5',
        (mediaType, status) => {
          if (status < 200 || status > 299) throw new AssetSkip(`HTTP ${status}`);
          if (
            mediaType &&
            !UNTYPED.has(mediaType) &&
            !mediaType.startsWith('image/') &&
            !FONT_TYPES.test(mediaType)
          ) {
            throw new AssetSkip(`not an image or font (${mediaType})`);
          }
        },
      );
      const contentType = toAssetType(response.mediaType, response.body, response.url);
      if (!contentType)
        throw new AssetSkip(`not an image or font (${response.mediaType || 'no content type'})`);
      if (response.body.byteLength === 0) throw new AssetSkip('empty file');
      if (!reserve(response.body.byteLength, request.url)) return undefined;
      return {
        url: request.url,
        contentType,
        body: response.body,
        ...readImageSize(response.body),
      };
    } catch (error) {
      // A site without /favicon.ico is normal, not worth a warning.
      if (request.kind !== 'favicon')
        warn(
          'ENGINE_FETCH_ASSET_SKIPPED',
          request.url,
          `Skipped asset ${request.url}: ${describe(error)}`,
        );
      return undefined;
    } finally {
      options.onProgress?.(++done, requests.length);
    }
  };
  const toDataAsset = (uri: string): RawAsset | undefined => {
    // base64 needs 4 characters for 3 bytes: judge the size before decoding a huge string.
    if ((uri.length * 3) / 4 > MAX_INLINE_IMAGE_BYTES + 1024) {
      warn(
        'ENGINE_FETCH_INLINE_IMAGE_TOO_LARGE',
        uri,
        `Skipped an inline (data:) image of about ${formatBytes(Math.round((uri.length * 3) / 4))}: larger than ${formatBytes(MAX_INLINE_IMAGE_BYTES)}.`,
      );
      return undefined;
    }
    const parsed = parseDataUri(uri);
    if (!parsed) throw new AssetSkip('malformed data: URI');
    if (parsed.body.byteLength > MAX_INLINE_IMAGE_BYTES) {
      warn(
        'ENGINE_FETCH_INLINE_IMAGE_TOO_LARGE',
        uri,
        `Skipped an inline (data:) image of ${formatBytes(parsed.body.byteLength)}: larger than ${formatBytes(MAX_INLINE_IMAGE_BYTES)}.`,
      );
      return undefined;
    }
    const contentType =
      parsed.mediaType.startsWith('image/') || FONT_TYPES.test(parsed.mediaType)
        ? parsed.mediaType
        : sniffImageType(parsed.body);
    if (!contentType) throw new AssetSkip(`not an image (${parsed.mediaType})`);
    if (!reserve(parsed.body.byteLength, 'data:')) return undefined;
    return { url: uri, contentType, body: parsed.body, ...readImageSize(parsed.body) };
  };
  const assets = await mapWithConcurrency(requests, options.concurrency, fetchAsset);
  const downloaded = assets.filter((asset): asset is RawAsset => asset !== undefined);
  await addImageColors(pages, downloaded);
  return {
    stylesheets: sheets.map(({ url, css }) => ({ url, css })),
    assets: downloaded,
    bytes,
  };
}

/** Absolute URLs of the pictures a probe found: page background, header, footer, logo, hero. */
function listProbeImages(probe: PageProbe | undefined): string[] {
  if (!probe) return [];
  const urls = [
    probe.logo?.src,
    probe.hero?.image,
    probe.background.image,
    probe.header?.image,
    probe.footer?.image,
    probe.menuItems?.image,
  ];
  return urls.filter((url): url is string => url !== undefined && /^(?:https?|data):/i.test(url));
}

/**
 * A page drawn on a picture (a dark texture, a photo behind the header) has the picture's colour,
 * not its CSS background colour: each probed background picture gets its mean colour (`imageColor`,
 * `rgb(r, g, b)`), so that extract can tell a dark theme. Pictures that do not decode get none.
 */
async function addImageColors(pages: { probe?: PageProbe }[], assets: RawAsset[]): Promise<void> {
  const byUrl = new Map(assets.map((asset) => [asset.url, asset]));
  const colors = new Map<string, Promise<string | undefined>>();
  const colorOf = (url: string): Promise<string | undefined> => {
    let color = colors.get(url);
    if (!color) {
      const asset = byUrl.get(url);
      color =
        asset && asset.contentType.startsWith('image/')
          ? toMeanColor(asset.body)
          : Promise.resolve(undefined);
      colors.set(url, color);
    }
    return color;
  };
  for (const { probe } of pages) {
    if (!probe) continue;
    for (const region of [probe.background, probe.header, probe.footer, probe.menuItems]) {
      if (!region?.image) continue;
      const color = await colorOf(region.image);
      if (color) region.imageColor = color;
    }
  }
}

/**
 * The picture each page without a probe was drawn on (its `<body background>`, issue 23), with its
 * mean colour, when it was downloaded: extract keeps a page's own ground where it is not the site's.
 * A page read in Chromium has its ground in its probe.
 */
export async function addPageGrounds(
  crawled: { page: RawPage; references: PageReferences }[],
  assets: RawAsset[],
): Promise<void> {
  const byUrl = new Map(assets.map((asset) => [asset.url, asset]));
  const colors = new Map<string, Promise<string | undefined>>();
  for (const { page, references } of crawled) {
    const image = references.ground;
    const asset = image === undefined ? undefined : byUrl.get(image);
    if (page.probe || !image || !asset?.contentType.startsWith('image/')) continue;
    let color = colors.get(image);
    if (!color) {
      color = toMeanColor(asset.body);
      colors.set(image, color);
    }
    const imageColor = await color;
    page.ground = { image, ...(imageColor ? { imageColor } : {}) };
  }
}

/**
 * The mean colour of an image's opaque pixels (each weighed by its alpha), as `rgb(r, g, b)`: a
 * red board cut out on a transparent sheet is red, not the pink it would be over white.
 */
export async function toMeanColor(body: Uint8Array): Promise<string | undefined> {
  try {
    const { data } = await sharp(body, { limitInputPixels: 64_000_000 })
      .resize(64, 64, { fit: 'fill' })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let r = 0;
    let g = 0;
    let b = 0;
    let weight = 0;
    for (let i = 0; i + 3 < data.length; i += 4) {
      const alpha = data[i + 3]! / 255;
      r += data[i]! * alpha;
      g += data[i + 1]! * alpha;
      b += data[i + 2]! * alpha;
      weight += alpha;
    }
    if (weight === 0) return undefined;
    return `rgb(${Math.round(r / weight)}, ${Math.round(g / weight)}, ${Math.round(b / weight)})`;
  } catch {
    return undefined;
  }
}
