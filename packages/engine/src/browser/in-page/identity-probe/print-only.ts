/**
 * Print-only content (issue 23): what a page hides on screen and shows only on paper ("Printed from
 * www…", a print header with the address). Read from the page's own style rules: a rule of a print
 * medium (`@media print`, `<link media="print">`) that shows elements (a `display` other than none)
 * which the screen does not display now. Marked PROBE_MARKS.printOnly (the outermost such element):
 * extract leaves it out. A panel the visitor opens (a tab, a collapsed answer, a dialog) is often
 * shown in print too; such a panel is the target of a control on the page, and is never marked.
 */
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { style } from './dom';
import { doc } from './view';

/** A medium that names print and does not apply on the screen the probe reads. */
const isPrintMedium = (media: MediaList | undefined): boolean =>
  !!media &&
  media.length > 0 &&
  /\bprint\b/i.test(media.mediaText) &&
  !window.matchMedia(media.mediaText).matches;

/**
 * Selectors of the style rules inside a medium `inMedium` accepts (an `@media` rule, an imported or
 * linked sheet's media) whose declarations `pick` accepts.
 */
export function collectStyleRules(
  inMedium: (media: MediaList | undefined) => boolean,
  pick: (rule: CSSStyleRule) => boolean,
): string[] {
  const selectors: string[] = [];
  const visit = (rules: CSSRuleList, inside: boolean): void => {
    for (const rule of rules) {
      if (rule instanceof CSSMediaRule) visit(rule.cssRules, inside || inMedium(rule.media));
      else if (rule instanceof CSSImportRule) {
        const sheet = rule.styleSheet;
        if (sheet) readSheet(sheet, inside || inMedium(rule.media));
      } else if (rule instanceof CSSStyleRule) {
        if (inside && pick(rule)) selectors.push(rule.selectorText);
      } else if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules, inside);
    }
  };
  const readSheet = (sheet: CSSStyleSheet, inside: boolean): void => {
    try {
      visit(sheet.cssRules, inside);
    } catch {
      // Another origin's stylesheet without CORS: its rules cannot be read.
    }
  };
  for (const sheet of doc.styleSheets) readSheet(sheet, inMedium(sheet.media));
  return selectors;
}

/** Selectors of the rules that show elements when printed. */
function listPrintShown(): string[] {
  return collectStyleRules(isPrintMedium, (rule) => {
    const display = rule.style.getPropertyValue('display').trim();
    return display !== '' && display !== 'none';
  });
}

/** The elements `selectors` match, where the page does not display them now. */
export function findUndisplayed(selectors: string[]): Set<Element> {
  const found = new Set<Element>();
  for (const selector of selectors) {
    let matched: NodeListOf<Element>;
    try {
      matched = doc.querySelectorAll(selector);
    } catch {
      continue;
    }
    for (const e of matched)
      if (e !== doc.body && e !== doc.documentElement && style(e).display === 'none') found.add(e);
  }
  return found;
}

/** The outermost of a set of elements (none inside another of them). */
export function outermost(found: Set<Element>): Element[] {
  return [...found].filter((e) => ![...found].some((other) => other !== e && other.contains(e)));
}

/** What the controls of the page name as their panels (`#id`, `.class`). */
export function listControlTargets(): string[] {
  const targets: string[] = [];
  for (const control of doc.querySelectorAll(
    '[aria-controls], [data-target], [data-bs-target], a[href^="#"]',
  )) {
    const named = [
      ...(control.getAttribute('aria-controls') || '')
        .split(/\s+/)
        .map((id) => (id ? `#${id}` : '')),
      control.getAttribute('data-target') || '',
      control.getAttribute('data-bs-target') || '',
      control.getAttribute('href') || '',
    ];
    for (const value of named) if (/^[#.][\w-]+$/.test(value.trim())) targets.push(value.trim());
  }
  return targets;
}

/** A panel the visitor opens: a tab, a dialog, or what a control on the page names (`targets`). */
export function isOpenedByControl(e: Element, targets: string[]): boolean {
  if (e.closest(`[role="tabpanel"], details, dialog, ${markSelector(PROBE_MARKS.dialog)}`))
    return true;
  return targets.some((target) => {
    try {
      return !!e.closest(target);
    } catch {
      return false;
    }
  });
}

/** Marks the outermost elements hidden on screen and shown only in print. */
export function markPrintOnly(): void {
  const selectors = listPrintShown();
  if (selectors.length === 0) return;
  const targets = listControlTargets();
  const found = new Set(
    [...findUndisplayed(selectors)].filter((e) => !isOpenedByControl(e, targets)),
  );
  for (const e of outermost(found)) e.setAttribute(PROBE_MARKS.printOnly, '');
}
