/**
 * Links and buttons drawn as buttons (a filled or outlined box with padding), marked
 * PROBE_MARKS.button (`primary` filled, `secondary` outlined); the colours of the other content links.
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { isOpaque } from './color';
import { add, isShown, rectOf, style, text } from './dom';
import { inSplash } from './entry-screen';
import { fillOf } from './fill';
import { inOverlay } from './overlays';
import { doc } from './view';

/**
 * Marks the links drawn as buttons; returns the filled ones' looks (`fill|label|border`) weighted by
 * area, and the content links' colours by count.
 */
export function markButtons(brand: Element | null): {
  links: Map<string, number>;
  buttons: Map<string, number>;
} {
  const links = new Map<string, number>();
  const buttons = new Map<string, number>();
  for (const a of doc.querySelectorAll<HTMLInputElement>(
    'a[href], button, input[type=submit], input[type=button]',
  )) {
    if (
      !isShown(a) ||
      a.closest(markSelector(PROBE_MARKS.menu)) ||
      // A dock's icons ("back to top", social) are no call to action of the page.
      a.closest(markSelector(PROBE_MARKS.dock)) ||
      a === brand ||
      (brand && brand.contains(a)) ||
      inSplash(a) ||
      // A cookie bar's "Accept" is a vendor's button, not the site's call to action.
      inOverlay(a)
    )
      continue;
    const s = style(a);
    // (`value`: an input's label; undefined on a link or a button.)
    const label = text(a) || a.value || '';
    if (!label || label.length > 60) continue;
    const filled =
      isOpaque(s.backgroundColor) && s.backgroundColor !== fillOf(a.parentElement).color;
    const outlined =
      Number.parseFloat(s.borderTopWidth) >= 1 &&
      s.borderTopStyle !== 'none' &&
      Number.parseFloat(s.borderBottomWidth) >= 1 &&
      isOpaque(s.borderTopColor);
    const padded = Number.parseFloat(s.paddingLeft) >= 8 && Number.parseFloat(s.paddingTop) >= 4;
    const boxed = /inline-block|block|flex|grid/.test(s.display);
    if (!(padded && boxed && (filled || outlined))) {
      if (a.tagName === 'A' && !a.closest('nav, header, footer')) add(links, s.color, 1);
      continue;
    }
    if (a.tagName === 'A') a.setAttribute(PROBE_MARKS.button, filled ? 'primary' : 'secondary');
    if (filled) {
      const key = s.backgroundColor + '|' + s.color + '|' + s.borderTopColor;
      const r = rectOf(a);
      add(buttons, key, r.width * r.height);
    }
  }
  return { links, buttons };
}
