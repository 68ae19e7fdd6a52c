/**
 * The site's logo (issue 12): an `<img>`, an inline `<svg>` or a CSS background picture on the brand
 * element. The identity probe saw which; without a browser, the brand element's `<img>` or `<svg>`.
 */
import { serializeOuter } from 'parse5';
import type { LogoRef, ModelAsset } from '../../model';
import type { PageProbe } from '../../types';
import type { Element, Node } from './dom';
import { collapse, findElement, getAttr, resolveUrl, textContent as textOf } from './dom';
import type { AssetIndex } from './walk-content';
import { PROBE_MARKS } from '../../measure/probe-marks';

/**
 * An inline SVG logo as an asset: its markup (with the SVG namespace a standalone file needs) under a
 * `data:` URI, so that plan hosts it as a file and generate sanitises it like any SVG of the original.
 */
export function toSvgAsset(svg: string): ModelAsset {
  const markup = /^<svg\b[^>]*\sxmlns=/.test(svg)
    ? svg
    : svg.replace(/^<svg\b/, '<svg xmlns="http://www.w3.org/2000/svg"');
  return {
    url: `data:image/svg+xml,${encodeURIComponent(markup)}`,
    contentType: 'image/svg+xml',
    body: new TextEncoder().encode(markup),
  };
}

const BRAND_CLASS =
  /(?:^|\s)(?:navbar-brand|brand|logo|site-logo|site-title|custom-logo-link|header-logo)(?:\s|$)/i;

function isBrandElement(element: Element): boolean {
  return (
    getAttr(element, PROBE_MARKS.brand) !== undefined ||
    BRAND_CLASS.test(getAttr(element, 'class') ?? '') ||
    /^(?:logo|site-logo|brand)$/i.test(getAttr(element, 'id') ?? '') ||
    getAttr(element, 'rel') === 'home'
  );
}

/** The brand element of a page: marked by the probe, else the first element classed as one. */
export function findBrandElement(document: Node): Element | undefined {
  return (
    findElement(document, (e) => getAttr(e, PROBE_MARKS.brand) !== undefined) ??
    findElement(document, (e) => e.tagName !== 'body' && e.tagName !== 'html' && isBrandElement(e))
  );
}

/** The logo from the probe's reading, resolved to a downloaded asset when there is one. */
export function toProbedLogo(
  probe: NonNullable<PageProbe['logo']>,
  assets: AssetIndex,
): { logo: LogoRef; svgAsset?: ModelAsset } | undefined {
  const svgAsset = probe.kind === 'svg' && probe.svg ? toSvgAsset(probe.svg) : undefined;
  const src = svgAsset?.url ?? probe.src;
  if (!src) return undefined;
  const logo: LogoRef = { kind: probe.kind, src, alt: collapse(probe.alt) };
  const asset = assets.get(src);
  const width = asset?.width ?? (probe.width > 0 ? probe.width : undefined);
  const height = asset?.height ?? (probe.height > 0 ? probe.height : undefined);
  if (width !== undefined) logo.width = width;
  if (height !== undefined) logo.height = height;
  // How large the original drew it: the rebuild's header shows it about as large (issue 23).
  if (probe.height > 0) logo.shownHeight = Math.round(probe.height);
  if (probe.width > 0) logo.shownWidth = Math.round(probe.width);
  if (asset || svgAsset) logo.asset = src;
  return svgAsset ? { logo, svgAsset } : { logo };
}

/** The brand element's `<img>` or inline `<svg>` (read from the HTML alone). */
export function findStaticLogo(
  document: Node,
  pageUrl: string,
  assets: AssetIndex,
): { logo: LogoRef; svgAsset?: ModelAsset } | undefined {
  const brand = findBrandElement(document);
  if (!brand) return undefined;
  const image = brand.tagName === 'img' ? brand : findElement(brand, (e) => e.tagName === 'img');
  const raw = image ? (getAttr(image, 'src') ?? getAttr(image, 'data-src')) : undefined;
  const src = raw ? resolveUrl(raw, pageUrl) : undefined;
  if (image && src) {
    const logo: LogoRef = {
      kind: 'img',
      src,
      alt: collapse(getAttr(image, 'alt') ?? getAttr(image, 'title') ?? ''),
    };
    const asset = assets.get(src);
    if (asset) {
      logo.asset = src;
      if (asset.width !== undefined) logo.width = asset.width;
      if (asset.height !== undefined) logo.height = asset.height;
    }
    return { logo };
  }
  const svg = brand.tagName === 'svg' ? brand : findElement(brand, (e) => e.tagName === 'svg');
  if (svg) {
    const svgAsset = toSvgAsset(serializeOuter(svg));
    const label = findElement(svg, (e) => e.tagName === 'title');
    const alt = collapse(getAttr(svg, 'aria-label') ?? (label ? textOf(label) : ''));
    return { logo: { kind: 'svg', src: svgAsset.url, alt, asset: svgAsset.url }, svgAsset };
  }
  return undefined;
}
