/**
 * The hero: a large picture in the first view (a CSS background or the first big <img>), its
 * overlay, and the words on or beside it (headline, sub-line, call to action).
 */
import type { PageProbe } from '../../../measure/page-probe';
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { alphaOf, imageUrl } from './color';
import { isShown, rectOf, style, text, textOf, top } from './dom';
import { inSplash } from './entry-screen';
import type { HeadingCase } from '../../../model/probed-typography';
import { isInCover } from './fill';
import { body, doc, H, W } from './view';

export type Hero = NonNullable<PageProbe['hero']>;

/** The hero found, with the element holding its picture and the size (px) of its headline. */
export interface FoundHero {
  element: Element;
  hero: Hero;
  headlineSize?: number;
  /** The headline's letter case and spacing (em) when it had its own (agency pages' capitals). */
  headlineCase?: HeadingCase;
  headlineTracking?: number;
}

const CAROUSEL =
  '.carousel, .slick-slider, .owl-carousel, .swiper, .swiper-container, .flexslider, [class*=slider], [class*=slideshow]';

/** Running text this long (characters) opens a page with words: a picture under it is no hero. */
const MIN_OPENING_TEXT = 160;

/**
 * Where the first running text of the content ends (page px): the bottom of the highest paragraph
 * of at least MIN_OPENING_TEXT characters outside the header and the menus; Infinity without one.
 */
function findOpeningTextBottom(menu: string): number {
  let bottom = Number.POSITIVE_INFINITY;
  for (const p of doc.body.querySelectorAll('p')) {
    if (text(p).length < MIN_OPENING_TEXT || !isShown(p)) continue;
    if (p.closest(`header, nav, [role=banner], [role=navigation], ${menu}`)) continue;
    const r = rectOf(p);
    if (top(r) < bottom) bottom = top(r) + r.height;
  }
  return bottom;
}

/**
 * The first element of the first view, at least half as wide as it, with a picture. A candidate
 * whose background picture has no word on or beside it is decoration: the search goes on, and the
 * last such candidate stands when nothing better follows. A picture under the page's opening
 * paragraph illustrates the words (an event's photo collage after its introduction): no hero.
 */
export function findHero(): FoundHero | undefined {
  const MENU = markSelector(PROBE_MARKS.menu);
  const openingTextBottom = findOpeningTextBottom(MENU);
  let found: FoundHero | undefined;
  const candidates = [
    ...doc.body.querySelectorAll('header, section, div, figure, main, a, img, picture'),
  ].slice(0, 3000);
  for (const e of candidates) {
    const r = rectOf(e);
    const y = top(r);
    if (y > H * 0.75 || r.width < W * 0.5 || r.height < Math.min(H * 0.3, 240)) continue;
    if (r.height > H * 1.5 || !isShown(e) || e.closest(MENU) || isInCover(e) || inSplash(e))
      continue;
    if (y >= openingTextBottom) continue;
    // A carousel in the first view is a carousel (extract keeps every slide), not a hero.
    if (e.closest(CAROUSEL)) continue;
    const s = style(e);
    const img = e as HTMLImageElement;
    const image = e.tagName === 'IMG' ? img.currentSrc || img.src : imageUrl(s.backgroundImage);
    if (!image) continue;
    // A tiled texture is the page's paper, not a picture.
    if (
      e.tagName !== 'IMG' &&
      !/no-repeat/.test(s.backgroundRepeat) &&
      /^auto/.test(s.backgroundSize)
    )
      continue;
    const hero: Hero = {
      image,
      isBackground: e.tagName !== 'IMG',
      alt: e.tagName === 'IMG' ? (img.alt || '').trim() : '',
      width: Math.round(r.width),
      height: Math.round(r.height),
      isFullBleed: r.width >= W * 0.95,
    };
    found = { element: e, hero };
    // The overlay: a translucent layer over the picture (a gradient layer, a ::before/::after, a covering child).
    const gradient = /(?:linear|radial)-gradient\([^)]*?(rgba?\([^)]*\))/.exec(s.backgroundImage);
    if (gradient) hero.overlay = gradient[1];
    for (const pseudo of ['::before', '::after']) {
      if (hero.overlay) break;
      const p = getComputedStyle(e, pseudo);
      if (p.content !== 'none' && alphaOf(p.backgroundColor) > 0) hero.overlay = p.backgroundColor;
    }
    if (!hero.overlay) {
      for (const k of e.children) {
        const kr = rectOf(k);
        const ks = style(k);
        const a = alphaOf(ks.backgroundColor);
        if (a > 0 && a < 1 && kr.width >= r.width * 0.9 && kr.height >= r.height * 0.9) {
          hero.overlay = ks.backgroundColor;
          break;
        }
      }
    }
    // The hero's words sit in the pictured element, or beside it in a wrapper of about its size.
    let scope: Element = e.tagName === 'IMG' || e.tagName === 'PICTURE' ? e.parentElement || e : e;
    const fits = (p: Element): boolean => {
      const pr = rectOf(p);
      return (
        Math.abs(pr.top - r.top) <= 10 && pr.height <= r.height * 1.3 && !p.querySelector(MENU)
      );
    };
    while (
      !text(scope) &&
      scope.parentElement &&
      scope.parentElement !== body &&
      fits(scope.parentElement)
    )
      scope = scope.parentElement;
    // A background picture without a word on or beside it is decoration, not a hero.
    if (e.tagName !== 'IMG' && !text(scope)) continue;
    // The headline is the largest text in the hero, the sub-line the next largest.
    const texts = [...scope.querySelectorAll('h1, h2, h3, h4, h5, h6, p, div, span, strong, em')]
      .filter(
        (t) =>
          !t.closest('a, button') &&
          !inSplash(t) &&
          [...t.childNodes].some((n) => n.nodeType === 3 && textOf(n).trim()) &&
          isShown(t),
      )
      .map((t) => ({ t, size: Number.parseFloat(style(t).fontSize) || 0 }));
    const byNode = (x: (typeof texts)[number]): number => texts.indexOf(x);
    const sorted = texts.slice().sort((a, b) => b.size - a.size || byNode(a) - byNode(b));
    const largest = sorted[0];
    if (largest) {
      const headline = text(largest.t);
      hero.headline = headline;
      found.headlineSize = largest.size;
      const s = style(largest.t);
      if (
        s.textTransform === 'uppercase' ||
        s.textTransform === 'lowercase' ||
        s.textTransform === 'capitalize'
      )
        found.headlineCase = s.textTransform;
      const tracking =
        s.letterSpacing === 'normal'
          ? 0
          : (Number.parseFloat(s.letterSpacing) || 0) / (largest.size || 1);
      if (Math.abs(tracking) >= 0.02) found.headlineTracking = Math.round(tracking * 100) / 100;
      const sub = sorted.find(
        (x) =>
          x.t !== largest.t &&
          !x.t.contains(largest.t) &&
          !largest.t.contains(x.t) &&
          text(x.t) !== headline,
      );
      if (sub) hero.subline = text(sub.t);
    }
    const cta = [...scope.querySelectorAll<HTMLAnchorElement>('a[href]')].find(
      (a) =>
        isShown(a) &&
        text(a) &&
        !a.closest(
          [PROBE_MARKS.menu, PROBE_MARKS.brand, PROBE_MARKS.splash].map(markSelector).join(', '),
        ),
    );
    if (cta) hero.cta = { label: text(cta), href: cta.href };
    break;
  }
  return found;
}
