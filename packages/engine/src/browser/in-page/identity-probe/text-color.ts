/**
 * The body text's colour as its paragraphs show it: the colour most characters of the content's
 * paragraphs are written in, on the page's own ground (agency-bs3 writes them in a muted grey, not in
 * the body's #333). Paragraphs on another fill (a dark band) do not count.
 */
import type { PageProbe } from '../../../measure/page-probe';
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { channels, ratio } from './color';
import { isShown, style, text } from './dom';
import { fillOf } from './fill';
import { body } from './view';

/** The paragraphs' colour, when it reads on the page's plain ground (contrast 3 or more). */
export function readParagraphColor(background: PageProbe['background']): string | undefined {
  if (!channels(background.color) || background.image) return undefined;
  const outside = [
    'header, footer, nav',
    ...[
      PROBE_MARKS.menu,
      PROBE_MARKS.splash,
      PROBE_MARKS.dialog,
      PROBE_MARKS.aside,
      PROBE_MARKS.overlay,
    ].map(markSelector),
  ].join(', ');
  const weights = new Map<string, number>();
  for (const p of [...body.querySelectorAll('p, li, dd, td')].slice(0, 3000)) {
    if (p.closest(outside) || !isShown(p)) continue;
    const color = style(p).color;
    const length = text(p).length;
    if (!channels(color) || length === 0 || fillOf(p).color !== background.color) continue;
    weights.set(color, (weights.get(color) || 0) + length);
  }
  const [most] = [...weights.entries()].sort((a, b) => b[1] - a[1]);
  return most && ratio(most[0], background.color) >= 3 ? most[0] : undefined;
}
