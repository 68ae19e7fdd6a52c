/**
 * An entry screen ("Lets begin", "Enter site"): one short link that shows the content, in a screen
 * that shows nothing else while the content waits hidden beside it (a panel of a one-page site) or
 * under it (a full-screen layer). Marked PROBE_MARKS.splash with the link's label, so that it is
 * neither hero, name nor content.
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { isShown, rectOf, style, text, top } from './dom';
import { isCover } from './fill';
import { inOverlay } from './overlays';
import { body, doc, H } from './view';

const ENTRY =
  /^(?:enter|begin|start|continue|skip(?: intro)?|let'?s (?:begin|start|go)|go|entrer|commencer|eintreten|betreten|entrar|empezar|comenzar|entra|inizia|binnengaan|ga verder|naar binnen)\b/i;

/** How many characters of an element's children are hidden. */
const hiddenText = (e: Element): number =>
  [...e.children]
    .filter((k) => style(k).display === 'none' || style(k).visibility === 'hidden')
    .reduce((sum, k) => sum + text(k).length, 0);

/** Marks the page's entry screen, when it has one. */
export function markEntryScreen(): void {
  for (const a of doc.querySelectorAll<HTMLAnchorElement>('a[href], button')) {
    const label = text(a) || a.getAttribute('aria-label') || '';
    if (!label || label.length > 40 || !ENTRY.test(label) || !isShown(a) || inOverlay(a)) continue;
    if (top(rectOf(a)) > H) continue;
    const href = a.getAttribute('href') || '';
    const inPage =
      a.tagName === 'BUTTON' ||
      /^#/.test(href) ||
      (() => {
        try {
          const u = new URL(a.href);
          return u.origin === location.origin && u.pathname === location.pathname;
        } catch {
          return false;
        }
      })();
    if (!inPage) continue;
    let screen: Element | undefined;
    for (let e: Element | null = a; e && e !== body; e = e.parentElement) {
      if (text(e) !== label) break;
      const parent = e.parentElement;
      if (isCover(e) || (parent && hiddenText(parent) > label.length * 5)) {
        screen = e;
        break;
      }
    }
    if (screen) {
      screen.setAttribute(PROBE_MARKS.splash, label);
      break;
    }
  }
}

/** Inside the entry screen. */
export const inSplash = (e: Element): boolean => !!e.closest(markSelector(PROBE_MARKS.splash));
