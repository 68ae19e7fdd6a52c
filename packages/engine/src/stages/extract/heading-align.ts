/**
 * Text the original centred (issue 12: STYLE_MODERNIZATION keeps the original's look). A page the
 * identity probe rendered carries the computed alignment (PROBE_MARKS.align where it changes, and
 * always on the body): that is read. Otherwise it is read from the markup, the element's own or its
 * nearest ancestor's alignment — `<center>`, `align="center"`, an inline `text-align`, or a
 * framework's class (Bootstrap's `text-center`, Bulma's `has-text-centered`).
 */
import type { Section } from '../../model';
import type { Element, Node } from './dom';
import { collapse, findElements, getAttr, isElement, textContent } from './dom';
import { plainText } from '../../model';
import { PROBE_MARKS } from '../../measure/probe-marks';

const CENTRED_CLASS =
  /(?:^|\s)(?:text-center|text-centre|has-text-centered|centered|center)(?:\s|$)/i;
const LEFT_CLASS = /(?:^|\s)(?:text-left|text-start|has-text-left)(?:\s|$)/i;

/** Elements whose `align` attribute places the box itself, not the text inside it. */
const BOX_ALIGN = new Set(['table', 'img', 'iframe', 'object', 'embed', 'applet', 'input', 'hr']);

/** The alignment an element's markup sets itself: centre, left, or nothing (inherits). */
function ownAlign(element: Element): 'center' | 'left' | undefined {
  if (element.tagName === 'center') return 'center';
  const align = BOX_ALIGN.has(element.tagName)
    ? undefined
    : getAttr(element, 'align')?.trim().toLowerCase();
  if (align === 'center' || align === 'middle') return 'center';
  if (align === 'left' || align === 'right' || align === 'justify') return 'left';
  const style = /text-align\s*:\s*([a-z-]+)/i.exec(getAttr(element, 'style') ?? '')?.[1];
  if (style) return style.toLowerCase() === 'center' ? 'center' : 'left';
  const classes = getAttr(element, 'class') ?? '';
  if (LEFT_CLASS.test(classes)) return 'left';
  if (CENTRED_CLASS.test(classes)) return 'center';
  return undefined;
}

/** The alignment the identity probe measured on an element, where it changes. */
function measuredAlign(element: Element): 'center' | 'left' | undefined {
  const align = getAttr(element, PROBE_MARKS.align);
  return align === 'center' || align === 'left' ? align : undefined;
}

/**
 * Whether the original centres an element's text: as the rendered page measured it when the probe
 * marked the page, else as the markup says (its own alignment, else its nearest ancestor's).
 */
export function isCentred(element: Element): boolean {
  let measured: 'center' | 'left' | undefined;
  let marked: 'center' | 'left' | undefined;
  for (let node: Node | null = element; node && isElement(node); node = node.parentNode) {
    measured ??= measuredAlign(node);
    if (node.tagName === 'body')
      return measuredAlign(node) !== undefined ? measured === 'center' : marked === 'center';
    marked ??= ownAlign(node);
  }
  return marked === 'center';
}

const key = (text: string) => collapse(text).toLowerCase();

/** Marks the section headings the original centred (`heading.align = 'center'`), by their text. */
export function markCentredHeadings(sections: Section[], document: Node): void {
  const centred = new Map<string, boolean>();
  for (const element of findElements(document, (e) => /^h[1-6]$/.test(e.tagName))) {
    const text = key(textContent(element));
    // A text that heads several places counts as centred only when every one of them is.
    if (text) centred.set(text, (centred.get(text) ?? true) && isCentred(element));
  }
  for (const section of sections) {
    if (section.heading && centred.get(key(plainText(section.heading.inlines))))
      section.heading.align = 'center';
  }
}
