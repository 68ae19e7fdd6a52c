/**
 * Skip links ("Skip to content", "Direkt zum Inhalt"): among the page's first links, one to a
 * section of the page itself that is drawn out of sight (off the screen, clipped to a pixel,
 * transparent) until a keyboard focuses it. Marked PROBE_MARKS.skipLink: not content.
 */
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { rectOf, style, text } from './dom';
import { doc, W } from './view';

/** How many of the page's first links can be a skip link. */
const FIRST_LINKS = 5;

export function markSkipLinks(): void {
  const links = [...doc.querySelectorAll('a[href]')].slice(0, FIRST_LINKS);
  for (const link of links) {
    const href = link.getAttribute('href') ?? '';
    if (!/^#[^\s]+$/.test(href) || !text(link)) continue;
    const r = rectOf(link);
    const s = style(link);
    const outOfSight =
      r.right <= 0 ||
      r.bottom <= 0 ||
      r.left >= W ||
      r.width <= 1 ||
      r.height <= 1 ||
      Number(s.opacity) <= 0.05 ||
      /inset\(50%\)|rect\(0(?:px)?,? 0(?:px)?,? 0(?:px)?,? 0(?:px)?\)/.test(
        s.clipPath + ' ' + s.clip,
      );
    if (outOfSight) link.setAttribute(PROBE_MARKS.skipLink, '');
  }
}
