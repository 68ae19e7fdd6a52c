/**
 * The colours the page shows most: fills and words weighted by area, and the headings' colours. An
 * overlay's (a cookie bar's) are not the page's.
 */
import { isOpaque } from './color';
import { add, rectOf, style, text, textOf } from './dom';
import { inOverlay } from './overlays';
import { doc, H, W } from './view';

/**
 * Fills and text colours weighted by the area they cover; h1–h3 colours by count, and those of the
 * definition terms (a schedule's "Speaker", "Title" labels) by count.
 */
export function readAccents(): {
  accents: Map<string, number>;
  headings: Map<string, number>;
  terms: Map<string, number>;
} {
  const accents = new Map<string, number>();
  const headings = new Map<string, number>();
  const terms = new Map<string, number>();
  const all = doc.body.querySelectorAll('*');
  const budget = Math.min(all.length, 6000);
  for (let i = 0; i < budget; i++) {
    const e = all[i]!;
    if (/^(?:SCRIPT|STYLE|NOSCRIPT|TEMPLATE|svg|path)$/.test(e.tagName) || inOverlay(e)) continue;
    const r = rectOf(e);
    if (r.width === 0 || r.height === 0) continue;
    const s = style(e);
    if (s.visibility === 'hidden' || s.display === 'none') continue;
    const area = Math.min(r.width, W) * Math.min(r.height, H);
    if (isOpaque(s.backgroundColor)) add(accents, s.backgroundColor, area);
    const ownText = [...e.childNodes].some((n) => n.nodeType === 3 && textOf(n).trim());
    if (ownText) add(accents, s.color, Math.min(area, 20000) / 4);
    if (/^H[1-3]$/.test(e.tagName) && text(e)) add(headings, s.color, 1);
    if (e.tagName === 'DT' && text(e)) add(terms, s.color, 1);
  }
  return { accents, headings, terms };
}
