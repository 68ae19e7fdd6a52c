/**
 * Print-only content when no browser rendered the page (issue 23): the identity probe marks what a
 * page hides on screen and shows only on paper (PROBE_MARKS.printOnly) where Chromium read it; a
 * page read as served gets the same mark from its stylesheets here, read with css-tree. An element
 * is print-only when one of its classes is hidden at every width (`display: none` outside any
 * `@media` or under a bare `screen`/`all`) and one of its classes is shown by a print medium
 * (`@media print`, a `<link media="print">` sheet). A panel a control opens (a tab, a collapsed
 * answer: its id or class is a control's target) is shown in print by some sites too: never marked.
 */
import { generate, parse, walk as walkCss, type CssNode } from 'css-tree';
import type { Element, Node } from './dom';
import { findElements, getAttr, isElement, resolveUrl, textContent, walk } from './dom';
import type { RawStylesheet } from '../../types';
import { PROBE_MARKS } from '../../measure/probe-marks';

/** The classes a page's stylesheets hide on screen and show in print. */
interface PrintClasses {
  hidden: Set<string>;
  printed: Set<string>;
}

/**
 * Marks the page's print-only elements (the outermost of them) with PROBE_MARKS.printOnly, reading
 * the site's stylesheets and, when fetch did not list them, the page's own `<style>` elements.
 */
export function markPrintOnly(
  document: Node,
  pageUrl: string,
  stylesheets: readonly RawStylesheet[],
): void {
  const classes: PrintClasses = { hidden: new Set(), printed: new Set() };
  const printSheets = new Set(
    findElements(
      document,
      (e) =>
        e.tagName === 'link' &&
        /stylesheet/i.test(getAttr(e, 'rel') ?? '') &&
        isPrintMedium(getAttr(e, 'media') ?? ''),
    ).flatMap((link) => resolveUrl(getAttr(link, 'href') ?? '', pageUrl) ?? []),
  );
  for (const sheet of stylesheets) scanCss(sheet.css, printSheets.has(sheet.url), classes);
  if (!stylesheets.some((sheet) => sheet.url.startsWith(`inline:${pageUrl}`))) {
    for (const style of findElements(document, (e) => e.tagName === 'style'))
      scanCss(textContent(style), isPrintMedium(getAttr(style, 'media') ?? ''), classes);
  }
  if (classes.hidden.size === 0 || classes.printed.size === 0) return;
  const targets = listControlTargets(document);
  walk(document, (node) => {
    if (!isElement(node)) return true;
    if (getAttr(node, PROBE_MARKS.printOnly) !== undefined) return false;
    if (!isPrintOnly(node, classes, targets)) return true;
    node.attrs.push({ name: PROBE_MARKS.printOnly, value: '' });
    return false;
  });
}

/** A medium that names print and not the screen (`print`, `only print`; not `screen, print`). */
function isPrintMedium(media: string): boolean {
  return /\bprint\b/i.test(media) && !/\b(?:screen|all)\b/i.test(media);
}

/** A medium that applies on every screen: none, or a bare `screen`/`all` without a width. */
function isEveryScreen(media: string | undefined): boolean {
  return (
    media === undefined ||
    /^\s*(?:only\s+)?(?:screen|all)(?:\s*,\s*(?:screen|all))*\s*$/i.test(media)
  );
}

function scanCss(css: string, isPrintSheet: boolean, classes: PrintClasses): void {
  const ast = parse(css, {
    parseRulePrelude: false,
    parseValue: false,
    parseAtrulePrelude: false,
    parseCustomProperty: false,
    onParseError: () => {},
  });
  walkCss(ast, {
    visit: 'Rule',
    enter(rule) {
      const atrule = this.atrule;
      const media =
        atrule && atrule.name.toLowerCase() === 'media' && atrule.prelude
          ? generate(atrule.prelude)
          : undefined;
      if (atrule && atrule.name.toLowerCase() !== 'media') return;
      const display = readDisplay(rule.block);
      if (display === undefined) return;
      const printed = isPrintSheet || (media !== undefined && isPrintMedium(media));
      const names = toClassNames(generate(rule.prelude));
      if (printed && display !== 'none') for (const name of names) classes.printed.add(name);
      else if (!printed && !isPrintSheet && display === 'none' && isEveryScreen(media))
        for (const name of names) classes.hidden.add(name);
    },
  });
}

/** The rule's `display` value (the last one), without `!important`. */
function readDisplay(block: CssNode): string | undefined {
  let display: string | undefined;
  walkCss(block, {
    visit: 'Declaration',
    enter(declaration) {
      if (declaration.property.toLowerCase() === 'display')
        display = generate(declaration.value)
          .replace(/!\s*important/i, '')
          .trim()
          .toLowerCase();
    },
  });
  return display;
}

/** The classes of a rule's selectors that name one class alone (`.print-header`, `div.x`). */
function toClassNames(prelude: string): string[] {
  return prelude
    .split(',')
    .map((selector) => /^\s*[a-z]*\.([\w-]+)\s*$/i.exec(selector)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** Ids and classes the page's controls open (`aria-controls`, `data-target`, `href="#x"`). */
function listControlTargets(document: Node): Set<string> {
  const targets = new Set<string>();
  walk(document, (node) => {
    if (!isElement(node)) return true;
    for (const id of (getAttr(node, 'aria-controls') ?? '').split(/\s+/))
      if (id) targets.add(`#${id}`);
    for (const name of ['data-target', 'data-bs-target', 'href']) {
      const value = getAttr(node, name)?.trim() ?? '';
      if (/^[#.][\w-]+$/.test(value)) targets.add(value);
    }
    return true;
  });
  return targets;
}

function isPrintOnly(element: Element, classes: PrintClasses, targets: Set<string>): boolean {
  const names = (getAttr(element, 'class') ?? '').split(/\s+/).filter(Boolean);
  if (!names.some((name) => classes.hidden.has(name))) return false;
  if (!names.some((name) => classes.printed.has(name))) return false;
  if (getAttr(element, 'role') === 'tabpanel') return false;
  const id = getAttr(element, 'id');
  if (id && targets.has(`#${id}`)) return false;
  return !names.some((name) => targets.has(`.${name}`));
}
