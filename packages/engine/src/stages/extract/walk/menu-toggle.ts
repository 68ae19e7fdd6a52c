/**
 * A menu toggle (issue 23): the hamburger button of a small screen ("☰", three bars, "Toggle
 * navigation" for screen readers) that opens the site's menu. The original hides it at desktop width
 * and the rebuilt header draws its own, so it is not content. Decided by shape, never by a theme's
 * class names: a button or link whose words are at most a menu glyph and menu words, that controls
 * something (`aria-controls`, `aria-expanded`, `data-toggle`, `data-target`) which holds the menu,
 * or whose target cannot be read but whose words, glyph or bars icon say it is the menu's; a link
 * that goes nowhere (`#`, a script's handle) alike, the bars of a reader's sidebar included.
 */
import type { Element, Node } from '../dom';
import { collapse, findElement, getAttr, textContent } from '../dom';
import { toIconName } from '../icon-names';
import { isLinkDominated } from './navigation';
import { PROBE_MARKS } from '../../../measure/probe-marks';

/** Glyphs drawn for "menu": the trigram (☰), the identical-to sign (≡), vertical ellipses. */
const MENU_GLYPHS = /[☰≡⋮⁝︙]/gu;

/** What a menu toggle says: "Menu", "Toggle navigation", "Open main menu", "Nav". */
const MENU_WORDS =
  /^(?:(?:toggle|open|close|show|hide|expand|collapse|main|site|mobile|primary)\s+)*(?:the\s+)?(?:navigation|nav|menu)(?:\s+(?:toggle|button|bar|menu))?$/i;

/** True for a button or link that only opens the site's menu. */
export function isMenuToggle(element: Element, root: Node): boolean {
  const tag = element.tagName;
  if (tag !== 'button' && tag !== 'a' && getAttr(element, 'role') !== 'button') return false;
  if (!controlsSomething(element) && !isScriptHandle(element)) return false;
  const text = collapse(textContent(element));
  const words = collapse(text.replace(MENU_GLYPHS, ''));
  if (words !== '' && !MENU_WORDS.test(words)) return false;
  if (findElement(element, (e) => e.tagName === 'img' || e.tagName === 'picture')) return false;
  const target = findTarget(element, root);
  if (target) return holdsMenu(target);
  // A script's toggle whose target is not in the markup: only its words, glyph or icon can say so.
  return (
    text !== '' ||
    findElement(element, (e) => MENU_ICONS.has(toIconName(getAttr(e, 'class') ?? '') ?? '')) !==
      undefined
  );
}

/** Icons drawn for "menu" or "sidebar": three bars, justified lines. */
const MENU_ICONS = new Set(['fas:bars', 'fas:align-justify']);

/**
 * A link that goes nowhere (`#`, `javascript:`): a script's handle, such as the bars that fold a
 * documentation reader's sidebar away (issue 23), even without ARIA or data attributes.
 */
function isScriptHandle(element: Element): boolean {
  if (element.tagName !== 'a') return false;
  const href = getAttr(element, 'href')?.trim();
  return href === '#' || /^javascript:/i.test(href ?? '');
}

/** It opens or closes something: ARIA's state and target, or a script's toggle attributes. */
function controlsSomething(element: Element): boolean {
  return ['aria-controls', 'aria-expanded', 'data-toggle', 'data-bs-toggle', 'data-target'].some(
    (name) => getAttr(element, name) !== undefined,
  );
}

/** The element the toggle names by id (`aria-controls`, `data-target="#nav"`, `href="#nav"`). */
function findTarget(element: Element, root: Node): Element | undefined {
  const ids = [
    ...(getAttr(element, 'aria-controls') ?? '').trim().split(/\s+/),
    ...[
      getAttr(element, 'data-bs-target'),
      getAttr(element, 'data-target'),
      getAttr(element, 'href'),
    ]
      .map((value) => value?.trim() ?? '')
      .filter((value) => /^#[^\s#.[]+$/.test(value))
      .map((value) => value.slice(1)),
  ].filter(Boolean);
  if (ids.length === 0) return undefined;
  return findElement(root, (e) => ids.includes(getAttr(e, 'id') ?? ''));
}

/** The target is the menu or holds it: navigation by tag, role, the probe's mark or its links. */
function holdsMenu(target: Element): boolean {
  return (
    isLinkDominated(target) ||
    findElement(target, (e) => {
      const role = getAttr(e, 'role');
      return (
        e.tagName === 'nav' ||
        role === 'navigation' ||
        role === 'menubar' ||
        getAttr(e, PROBE_MARKS.menu) !== undefined
      );
    }) !== undefined
  );
}
