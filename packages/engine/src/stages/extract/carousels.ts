/**
 * Carousels (sliders) of the original (issue 12): those the identity probe saw showing one slide of
 * several at a time (issue 23), else Bootstrap's `.carousel`, slick, Owl, Swiper, FlexSlider and
 * generic slider markup (`.slider > ul > li`). Each slide is kept, in order — the
 * rebuild shows them as one accessible carousel instead of headings stacked as "Caption 1/2/3".
 * Pure: parse5 elements in, the slide elements out.
 */
import type { SliderBand } from '../../model';
import type { Element } from './dom';
import { childrenOf, findElements, getAttr, isElement } from './dom';
import { PROBE_MARKS } from '../../measure/probe-marks';

function classesOf(element: Element): string[] {
  return (getAttr(element, 'class') ?? '').trim().split(/\s+/).filter(Boolean);
}

function hasClass(element: Element, name: string): boolean {
  return classesOf(element).includes(name);
}

function elementChildren(element: Element): Element[] {
  return childrenOf(element).filter(isElement);
}

/** Classes of slider libraries and of hand-made sliders (`hero-slider`, `image_carousel`). */
const SLIDER_CLASS =
  /^(?:[a-z0-9]+[-_])*(?:carousel|slider|slideshow|slides-container|jcarousel|bxslider|flexslider|owl-carousel|slick-slider|swiper|swiper-container|cycle-slideshow)$/i;

/** Parts of a carousel that are not the carousel itself. */
const PART_CLASS =
  /^(?:carousel|slider|slick|owl|swiper)-(?:inner|item|caption|control|indicators|nav|dots|track|list|stage|stage-outer|wrapper|slide|pagination|button-next|button-prev)$/i;

/**
 * True when the element is the root of a slider (not one of its parts): as the identity probe saw
 * it (PROBE_MARKS.slider), else as a slider library's classes say.
 */
export function isCarouselRoot(element: Element): boolean {
  if (getAttr(element, PROBE_MARKS.slider) !== undefined) return true;
  const classes = classesOf(element);
  return (
    classes.some((c) => SLIDER_CLASS.test(c)) &&
    !classes.some((c) => PART_CLASS.test(c)) &&
    getAttr(element, PROBE_MARKS.menu) === undefined
  );
}

/** The slides of a carousel root, clones left out; undefined when it is none or has fewer than two. */
export function findCarouselSlides(element: Element): Element[] | undefined {
  if (!isCarouselRoot(element)) return undefined;
  const within = (predicate: (e: Element) => boolean): Element[] =>
    findElements(element, (e) => e !== element && predicate(e));
  let slides: Element[];
  if (getAttr(element, PROBE_MARKS.slider) !== undefined) {
    slides = elementChildren(element).filter((e) => getAttr(e, PROBE_MARKS.slide) !== undefined);
  } else if (
    hasClass(element, 'carousel') &&
    within((e) => hasClass(e, 'carousel-inner')).length > 0
  ) {
    // Bootstrap 3 (.item) and 4/5 (.carousel-item), the direct children of .carousel-inner.
    const inner = within((e) => hasClass(e, 'carousel-inner'))[0]!;
    slides = elementChildren(inner).filter(
      (e) => hasClass(e, 'item') || hasClass(e, 'carousel-item'),
    );
  } else if (within((e) => hasClass(e, 'slick-slide')).length > 0) {
    slides = within((e) => hasClass(e, 'slick-slide') && !hasClass(e, 'slick-cloned'));
  } else if (within((e) => hasClass(e, 'owl-item')).length > 0) {
    slides = within((e) => hasClass(e, 'owl-item') && !hasClass(e, 'cloned'));
  } else if (within((e) => hasClass(e, 'swiper-slide')).length > 0) {
    slides = within((e) => hasClass(e, 'swiper-slide') && !hasClass(e, 'swiper-slide-duplicate'));
  } else {
    // A hand-made or not yet initialised slider: the items of its list, or its own children.
    const list = findElements(element, (e) => e.tagName === 'ul' || e.tagName === 'ol')[0];
    const candidates = list
      ? elementChildren(list).filter((e) => e.tagName === 'li')
      : elementChildren(element);
    slides = candidates.filter(
      (e) => !/(?:^|\s)(?:clone|cloned)(?:\s|$)/.test(getAttr(e, 'class') ?? ''),
    );
    // Only children of one kind are slides (controls and captions beside them are not).
    const kind = (e: Element): string =>
      `${e.tagName}.${classesOf(e)
        .filter((c) => !/active|current|first|last/.test(c))
        .sort()
        .join('.')}`;
    const first = slides[0];
    if (first) slides = slides.filter((e) => kind(e) === kind(first));
  }
  return slides.length >= 2 ? slides : undefined;
}

/** The picture a slide shows as a CSS background (`style="background-image: url(...)"`), as written. */
export function findBackgroundImage(slide: Element): string | undefined {
  for (const element of [slide, ...findElements(slide, (e) => e !== slide)]) {
    const style = getAttr(element, 'style');
    const match = style
      ? /background(?:-image)?\s*:[^;]*url\(\s*(['"]?)(.*?)\1\s*\)/i.exec(style)
      : null;
    if (match?.[2]) return match[2];
    const lazy = getAttr(element, 'data-bg') ?? getAttr(element, 'data-background');
    if (lazy) return lazy;
  }
  return undefined;
}

function toPixelWidth(element: Element | null | undefined): number | undefined {
  const style = element ? getAttr(element, 'style') : undefined;
  const width = style ? /(?:^|;)\s*width\s*:\s*(\d+(?:\.\d+)?)px/i.exec(style)?.[1] : undefined;
  return width ? Number(width) : undefined;
}

/**
 * How many slides a carousel showed side by side: as the identity probe measured it on the slides'
 * row (PROBE_MARKS.columns), else as the slider's script laid them out (jCarouselLite writes the
 * viewport's and each slide's width into their style: 894 px / 298 px is 3); undefined when unknown.
 */
export function toVisibleSlides(root: Element, slides: Element[]): number | undefined {
  const row = slides[0]?.parentNode as Element | null | undefined;
  for (const element of [row, root]) {
    const measured = element
      ? Number.parseInt(getAttr(element, PROBE_MARKS.columns) ?? '', 10)
      : NaN;
    if (Number.isFinite(measured) && measured >= 1) return measured;
  }
  const viewport = toPixelWidth(root);
  const slide = toPixelWidth(slides[0]);
  if (viewport === undefined || slide === undefined || slide <= 0) return undefined;
  const visible = Math.round(viewport / slide);
  return visible >= 1 ? visible : undefined;
}

/** A slider at least this share of the window's width spanned it: the rebuild draws it edge to edge. */
const FULL_BLEED_SHARE = 0.9;

/**
 * The slider's box as the identity probe measured it (PROBE_MARKS.slider valued `width height
 * viewport`), on the root, the slides' row or a marked box inside the root; undefined when unmeasured.
 */
export function toSliderBand(root: Element, slides: Element[]): SliderBand | undefined {
  const row = slides[0]?.parentNode as Element | null | undefined;
  const marked = [root, ...(row && isElement(row) ? [row] : [])].concat(
    findElements(root, (e) => e !== root && getAttr(e, PROBE_MARKS.slider) !== undefined),
  );
  for (const element of marked) {
    const [width, height, viewport] = (getAttr(element, PROBE_MARKS.slider) ?? '')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (
      width === undefined ||
      height === undefined ||
      viewport === undefined ||
      !(width > 0 && height > 0 && viewport > 0)
    )
      continue;
    return { width, height, isFullBleed: width >= viewport * FULL_BLEED_SHARE };
  }
  return undefined;
}
