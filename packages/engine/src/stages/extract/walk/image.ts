/** Images (and image buttons outside forms): spacers, tracking pixels and huge inline images dropped. */
import type { Block, ImageRef } from '../../../model';
import type { Element } from '../dom';
import { collapse, getAttr, isElement, resolveUrl } from '../dom';
import { isCentred } from '../heading-align';
import { emit } from './emit';
import { currentOpens } from './dialog';
import { flush } from './flush';
import { emitImageMapLinks } from './image-map';
import { TRACKER_URL } from './tracker-url';
import { isSameLine, lineOf } from './line-of';
import type { WalkContext } from './walk-context';
import { currentHref } from './walk-context';
import { PROBE_MARKS } from '../../../measure/probe-marks';

/**
 * Emits an image block, unless the image carries no content, repeats a picture shown elsewhere, or
 * sits in a menu (whose linked pictures name its links), form or label.
 */
export function handleImage(context: WalkContext, element: Element): boolean {
  // A copy the original did not show at rest of a picture shown elsewhere (./repeated-pictures.ts).
  if (context.pictures.repeated.has(element)) return false;
  const image = imageOf(context, element);
  if (!image) return false;
  if (context.nav > 0) {
    addPictureNavLink(context, element, image);
    emitImageMapLinks(context, element);
    return false;
  }
  if (context.form || context.labelDepth > 0) return false;
  if (isDecoration(image)) return false;
  // The brand's picture is the logo the rebuild's header shows; a brand outside the menu (a header
  // laid out as a row of contact details, logo and address) must not show it again in the content.
  if (isInBrand(element)) return false;
  flush(context);
  const block: Extract<Block, { kind: 'image' }> = { kind: 'image', image };
  const float = floatOf(element);
  if (float) block.float = float;
  else if (isCentred(element)) block.align = 'center';
  // Images next to each other in one line or one table row (a logo and its rating's bullets)
  // stay side by side: nothing between them, in the same line. A floated picture stands alone.
  const parent = element.parentNode;
  const line = lineOf(parent && isElement(parent) ? parent : element);
  const last = context.lastImage;
  if (
    !float &&
    last &&
    !last.block.float &&
    isSameLine(last.line, line) &&
    context.blocks[context.blocks.length - 1] === last.block
  ) {
    last.block.inline ??= 'start';
    block.inline = 'continue';
  }
  emit(context, block);
  context.lastImage = { block, line };
  // An image map's regions: its links, named, right under the picture.
  if (getAttr(element, 'usemap') !== undefined) {
    flush(context);
    emitImageMapLinks(context, element);
  }
  return false;
}

/**
 * A menu's linked picture names its link by its alt text or title (a menu of picture buttons); the
 * brand's picture is the site's name, not a menu item. ./picture-menu.ts drops it again when a link
 * with words goes to the same page.
 */
function addPictureNavLink(context: WalkContext, element: Element, image: ImageRef): void {
  const label = image.alt || collapse(getAttr(element, 'title') ?? '');
  if (!image.href || !label || isInBrand(element)) return;
  // The menu's words before the picture are its links before this one.
  flush(context);
  const link = { label, href: image.href };
  context.navLinks.push(link);
  context.pictures.navLinks.add(link);
}

/**
 * A tiny picture without words or a link (a tab's rounded corner, a box's edge): the original's
 * decoration, no content; drawn alone it would look like an empty bullet.
 */
/**
 * The side a picture floats to beside its text: as the probe measured it (PROBE_MARKS.float), else
 * as its markup says (`align="right"`, `style="float: left"`) when no browser measured the page.
 */
function floatOf(element: Element): 'left' | 'right' | undefined {
  const measured = getAttr(element, PROBE_MARKS.float);
  if (measured === 'left' || measured === 'right') return measured;
  // A page the probe measured (it marks the body's alignment) floats only what it marked.
  let body: Element['parentNode'] | Element = element;
  while (body && isElement(body) && body.tagName !== 'body') body = body.parentNode;
  if (body && isElement(body) && getAttr(body, PROBE_MARKS.align) !== undefined) return undefined;
  const align = (getAttr(element, 'align') ?? '').trim().toLowerCase();
  if (align === 'left' || align === 'right') return align;
  const float = /(?:^|;)\s*float\s*:\s*(left|right)/i.exec(getAttr(element, 'style') ?? '')?.[1];
  return float ? (float.toLowerCase() as 'left' | 'right') : undefined;
}

function isInBrand(element: Element): boolean {
  for (
    let node: Element['parentNode'] | Element = element;
    node && isElement(node);
    node = node.parentNode
  )
    if (getAttr(node, PROBE_MARKS.brand) !== undefined) return true;
  return false;
}

function isDecoration(image: ImageRef): boolean {
  return (
    !image.alt &&
    !image.href &&
    !image.opens &&
    image.width !== undefined &&
    image.height !== undefined &&
    image.width <= 12 &&
    image.height <= 12
  );
}

/** An inline style's width in pixels. */
const STYLE_WIDTH = /(?:^|;)\s*width\s*:\s*(\d+(?:\.\d+)?)px\s*(?:;|$)/i;

/** The image an element shows, sized from the downloaded asset or its attributes. */
export function imageOf(context: WalkContext, element: Element): ImageRef | undefined {
  const { pageUrl, dropped } = context;
  const raw = getAttr(element, 'src') ?? getAttr(element, 'data-src');
  if (!raw) return undefined;
  if (raw.startsWith('data:') && raw.length > 200_000) {
    dropped.push({
      kind: 'image',
      what: `inline image (${Math.round(raw.length / 1024)} KB of data: URI)`,
      reason: 'Inline images over 200 KB are not carried; upload the picture as a file instead',
    });
    return undefined;
  }
  const src = resolveUrl(raw, pageUrl);
  if (!src) return undefined;
  // The width its markup gave it: the attribute, else its inline style's (`style="width: 200px"`).
  const styleWidth = STYLE_WIDTH.exec(getAttr(element, 'style') ?? '')?.[1];
  const attrWidth = Number.parseInt(getAttr(element, 'width') ?? styleWidth ?? '', 10);
  const attrHeight = Number.parseInt(getAttr(element, 'height') ?? '', 10);
  const asset = context.assets.get(src);
  const width = asset?.width ?? (Number.isFinite(attrWidth) ? attrWidth : undefined);
  const height = asset?.height ?? (Number.isFinite(attrHeight) ? attrHeight : undefined);
  const alt = collapse(getAttr(element, 'alt') ?? '');
  // Spacer GIFs and tracking pixels carry no content.
  if ((width !== undefined && width <= 2) || (height !== undefined && height <= 2))
    return undefined;
  if (!alt && /(?:spacer|pixel|blank|clear|dot|trans(?:parent)?)\.gif$/i.test(src))
    return undefined;
  if (TRACKER_URL.test(src) && !sameOrigin(src, pageUrl)) {
    dropped.push({ kind: 'tracker', what: src, reason: 'Tracking or hit-counter image' });
    return undefined;
  }
  const image: ImageRef = { src, alt };
  if (width !== undefined) image.width = width;
  if (height !== undefined) image.height = height;
  if (asset) image.asset = src;
  // Shown narrower than its file (a logo of 983 px drawn 160 px wide): kept at that width.
  if (
    asset?.width !== undefined &&
    Number.isFinite(attrWidth) &&
    attrWidth >= 16 &&
    attrWidth < asset.width * 0.8
  )
    image.shownWidth = attrWidth;
  // Drawn wide by the original (a scan across the page): not narrowed to the text column.
  const drawn = Number.parseInt(getAttr(element, PROBE_MARKS.drawnWidth) ?? '', 10);
  if (Number.isFinite(drawn) && drawn > 0) image.drawnWidth = drawn;
  // The probe saw it drawn round (a portrait in a circle): the rebuild draws it round too.
  if (getAttr(element, PROBE_MARKS.shape) === 'round') image.shape = 'round';
  const opens = currentOpens(context);
  const href = currentHref(context);
  if (opens) image.opens = opens;
  else if (href) image.href = href;
  return image;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
