/**
 * Hover-only marks (issue 23): what the page keeps transparent or invisible at rest and a `:hover`
 * rule reveals (a documentation reader's page title over its toolbar, a heading's ¶ permalink). A
 * visitor who does not point at it never sees it, so when it holds no list (a hover dropdown is a
 * menu) and its words are shown elsewhere on the page too (or it has none), the probe marks it
 * PROBE_MARKS.hoverOnly, the outermost such element, and extract leaves it out. A caption revealed
 * on hover whose words are its own stays content.
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { style, text } from './dom';
import { collectStyleRules, outermost } from './print-only';
import { body, doc } from './view';

/** A medium that applies on the screen the probe reads (or none). */
const appliesNow = (media: MediaList | undefined): boolean =>
  !media || media.length === 0 || window.matchMedia(media.mediaText).matches;

/** A `:hover` rule that makes something visible: opacity above zero, or visibility visible. */
const reveals = (rule: CSSStyleRule): boolean => {
  if (!rule.selectorText.includes(':hover')) return false;
  const opacity = rule.style.getPropertyValue('opacity').trim();
  const visibility = rule.style.getPropertyValue('visibility').trim();
  return (opacity !== '' && Number(opacity) > 0.05) || visibility === 'visible';
};

const isUnseenAtRest = (e: Element): boolean => {
  const s = style(e);
  return Number(s.opacity) <= 0.05 || s.visibility === 'hidden';
};

/** How often `needle` occurs in `haystack`. */
const countOf = (haystack: string, needle: string): number => {
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) count++;
  return count;
};

/** Marks what only a pointer over it shows, when its words are shown elsewhere too. */
export function markHoverOnly(): void {
  const found = new Set<Element>();
  for (const selector of collectStyleRules(appliesNow, reveals))
    for (const part of selector.split(',')) {
      if (!part.includes(':hover')) continue;
      let matched: NodeListOf<Element>;
      try {
        matched = doc.querySelectorAll(part.replace(/:hover/g, ''));
      } catch {
        continue;
      }
      for (const e of matched) if (e !== body && isUnseenAtRest(e)) found.add(e);
    }
  if (found.size === 0) return;
  const skipped = [PROBE_MARKS.overlay, PROBE_MARKS.dialog, PROBE_MARKS.slider]
    .map(markSelector)
    .join(', ');
  // innerText keeps transparent words: the element's own count once.
  const pageText = (body.innerText || '').replace(/\s+/g, ' ');
  for (const e of outermost(found)) {
    if (e.closest(skipped) || e.matches('ul, ol, nav, [role="menu"]')) continue;
    if (e.querySelector('ul, ol, nav, [role="menu"], img, picture, video, form')) continue;
    const words = text(e);
    if (/[\p{L}\p{N}]/u.test(words) && countOf(pageText, words) < 2) continue;
    e.setAttribute(PROBE_MARKS.hoverOnly, '');
  }
}
