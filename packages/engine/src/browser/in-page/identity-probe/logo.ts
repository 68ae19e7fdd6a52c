/**
 * The brand: the element the header names the site with (logo or name), linking home. Marked
 * PROBE_MARKS.brand; its picture is the logo, its words the site's name.
 */
import type { PageProbe } from '../../../measure/page-probe';
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { imageUrl } from './color';
import { rectOf, style, text, top } from './dom';
import { doc, H } from './view';

const BRAND_SELECTOR =
  '.navbar-brand, .brand, .logo, #logo, .site-logo, .site-title, #site-title, .site-branding a, .custom-logo-link, [rel=home], .header-logo, .site-name, #site-name';

/** A link to the page itself or the site's start page (`/`, `/index.html`, `#top`). */
const home = (a: HTMLAnchorElement): boolean => {
  try {
    const u = new URL(a.href);
    return (
      u.origin === location.origin &&
      (/^\/(?:index\.\w+)?$/.test(u.pathname) || u.pathname === location.pathname) &&
      /^(?:#(?:page-?top|top|home)?)?$/i.test(u.hash)
    );
  } catch {
    return false;
  }
};

/** Inside (or holding) a link to another site: a social icon or a partner's badge. */
const linksAway = (e: Element): boolean => {
  const a = e.closest('a[href]') ?? e.querySelector('a[href]');
  if (!(a instanceof HTMLAnchorElement)) return false;
  try {
    return new URL(a.href).origin !== location.origin;
  } catch {
    return false;
  }
};

/** Finds and marks the brand; reads its logo (an <img>, an inline <svg> or a CSS background) and name. */
export function markBrand(header: Element | null): {
  brand: Element | null;
  logo?: PageProbe['logo'];
  brandInfo?: PageProbe['brand'];
} {
  const named = [...doc.querySelectorAll(BRAND_SELECTOR)].filter((e) => top(rectOf(e)) < H * 1.2);
  // A match in the header (or any, without one); else the header's home link with a picture, or
  // with words outside the menu's list ("Home" in the menu is a menu item, not the brand); else a
  // match outside the header that links nowhere away. Social icons a sidebar draws with a `logo`
  // class (`<a href="facebook.com"><img class="logo">`) are not the site's brand (issue 23).
  const brand: Element | null =
    named.find((e) => !header || header.contains(e)) ??
    (header
      ? [...header.querySelectorAll<HTMLAnchorElement>('a[href]')].find(
          (a) => home(a) && (a.querySelector('img, svg') || (text(a) && !a.closest('li'))),
        )
      : undefined) ??
    named.find((e) => !linksAway(e)) ??
    null;
  if (!brand) return { brand };
  let logo: PageProbe['logo'];
  brand.setAttribute(PROBE_MARKS.brand, '');
  const img = brand.tagName === 'IMG' ? (brand as HTMLImageElement) : brand.querySelector('img');
  const svg = brand.tagName === 'svg' ? brand : brand.querySelector('svg');
  if (img && (img.currentSrc || img.src)) {
    const ir = rectOf(img);
    logo = {
      kind: 'img',
      src: img.currentSrc || img.src,
      alt: (img.alt || img.title || '').trim(),
      width: Math.round(ir.width),
      height: Math.round(ir.height),
    };
  } else if (svg) {
    const sr = rectOf(svg);
    logo = {
      kind: 'svg',
      svg: svg.outerHTML,
      alt: (svg.getAttribute('aria-label') || svg.querySelector('title')?.textContent || '').trim(),
      width: Math.round(sr.width),
      height: Math.round(sr.height),
    };
  } else {
    for (const e of [brand, ...brand.querySelectorAll('*')]) {
      const src = imageUrl(style(e).backgroundImage);
      if (!src) continue;
      const er = rectOf(e);
      logo = {
        kind: 'css-background',
        src,
        alt: (e.getAttribute('title') || e.getAttribute('aria-label') || '').trim(),
        width: Math.round(er.width),
        height: Math.round(er.height),
      };
      break;
    }
  }
  const brandText = text(brand);
  const brandInfo: NonNullable<PageProbe['brand']> = {
    text: brandText.length <= 80 ? brandText : '',
  };
  const link = brand.closest('a') || brand.querySelector('a');
  if (link && link.href) brandInfo.href = link.href;
  return { brand, logo, brandInfo };
}
