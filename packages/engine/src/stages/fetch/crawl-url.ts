import { hasClientRoute, toClientRoute } from '../../lib/client-route';

/** File extensions that are never HTML pages: documents, archives, media, code and data files. */
const NON_PAGE_EXTENSIONS = new Set(
  (
    'pdf zip rar 7z gz tgz tar bz2 xz exe msi dmg iso apk deb rpm jar class swf ' +
    'jpg jpeg png gif webp avif svg svgz ico bmp tif tiff psd ' +
    'mp3 mp4 m4a m4v wav mid midi ogg oga ogv webm avi mov wmv mpg mpeg flv aac flac ram rm ' +
    'doc docx xls xlsx ppt pptx odt ods odp rtf txt csv tsv ' +
    'css js mjs json xml rss atom ics vcf woff woff2 ttf otf eot map wasm'
  ).split(' '),
);

const SKIPPED_SCHEMES =
  /^(?:mailto|javascript|tel|sms|callto|skype|ftp|file|data|blob|about|news|irc|whatsapp):/i;

/** The origin a URL belongs to for the crawl: scheme + host + port (URL.origin drops default ports). */
export function toOrigin(url: string): string {
  return new URL(url).origin;
}

/** True when the URL's path ends in an extension that is never an HTML page (.pdf, .zip, .jpg...). */
export function hasNonPageExtension(url: URL): boolean {
  const last = url.pathname.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  if (dot < 0) return false;
  return NON_PAGE_EXTENSIONS.has(last.slice(dot + 1).toLowerCase());
}

/**
 * Resolves a link's href against the page's base URL into the form the crawl compares: absolute,
 * http(s) only, without its fragment; default ports, dot segments and host case are normalised by the
 * WHATWG URL parser. `index.html` is kept as written (a different path than `/`); duplicates that
 * redirect to the same page are merged after fetching. Returns undefined for links that are not pages
 * (mailto:, javascript:, tel:, files such as .pdf or .jpg). With `clientRoutes` (the link is on a
 * page whose scripts ran), a fragment that is a client-side route (`#/guide`, `#!/faq`) is kept: it
 * names a view of its own, read by rendering the document and navigating to it.
 */
export function toCrawlUrl(
  href: string,
  baseUrl: string,
  { clientRoutes = false }: { clientRoutes?: boolean } = {},
): string | undefined {
  const trimmed = href.trim();
  if (!trimmed || SKIPPED_SCHEMES.test(trimmed)) return undefined;
  // A plain in-page anchor (#services) is the page itself.
  if (trimmed.startsWith('#') && !(clientRoutes && toClientRoute(trimmed))) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, baseUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (hasNonPageExtension(url)) return undefined;
  if (!(clientRoutes && hasClientRoute(url.href))) url.hash = '';
  return url.href;
}

/** Resolves an asset reference (src, href, url()) to an absolute http(s) URL without fragment, or a data: URI. */
export function toAssetUrl(reference: string, baseUrl: string): string | undefined {
  const trimmed = reference.trim();
  if (!trimmed) return undefined;
  if (/^data:/i.test(trimmed)) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed, baseUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  return url.href;
}
