/**
 * Sections the original showed closed (issue 12: STYLE_MODERNIZATION keeps the original's look): an
 * FAQ whose answers are Bootstrap collapse panels shows only its questions until one is clicked. The
 * walk keeps every answer as its heading's section; this marks the sections whose heading toggles a
 * panel that was closed at load (`collapsed: true`), and drops the toggle's in-page link from the
 * heading (the rebuild's disclosure opens it). The rebuild shows them closed, every word kept.
 *
 * A closed panel: an element with an id and Bootstrap's `collapse` class without `in`/`show`
 * (never the navbar's), toggled by a `data-toggle="collapse"` / `data-bs-toggle` link or button, or
 * named by `aria-controls` of a toggle with `aria-expanded="false"`.
 */
import type { InlineRun, Section } from '../../model';
import type { Element, Node } from './dom';
import { findElements, getAttr } from './dom';

const COLLAPSE = /(?:^|\s)collapse(?:\s|$)/;
const OPEN = /(?:^|\s)(?:in|show|navbar-collapse)(?:\s|$)/;

function isClosedPanel(element: Element): boolean {
  const classes = getAttr(element, 'class') ?? '';
  return COLLAPSE.test(classes) && !OPEN.test(classes);
}

function isCollapseToggle(element: Element): boolean {
  const toggle = getAttr(element, 'data-toggle') ?? getAttr(element, 'data-bs-toggle') ?? '';
  return toggle.toLowerCase() === 'collapse' || getAttr(element, 'aria-expanded') === 'false';
}

/** Ids of the page's panels a toggle opens and that were closed at load. */
export function findClosedPanelIds(document: Node): Set<string> {
  const closed = new Set<string>();
  const panels = new Map<string, Element>();
  for (const element of findElements(document, (e) => getAttr(e, 'id') !== undefined))
    panels.set(getAttr(element, 'id')!, element);
  for (const toggle of findElements(document, isCollapseToggle)) {
    const targets = [
      getAttr(toggle, 'data-target'),
      getAttr(toggle, 'data-bs-target'),
      getAttr(toggle, 'href'),
    ]
      .map((value) => /^#([\w:.-]+)$/.exec(value?.trim() ?? '')?.[1])
      .concat(getAttr(toggle, 'aria-controls')?.trim());
    for (const id of targets) {
      if (!id) continue;
      const panel = panels.get(id);
      if (panel && isClosedPanel(panel)) closed.add(id);
    }
  }
  return closed;
}

/** The id an in-page link of this page names (`#x`, or this page's URL with `#x`). */
function inPageTarget(href: string, pageUrl: string): string | undefined {
  try {
    const url = new URL(href, pageUrl);
    const page = new URL(pageUrl);
    if (url.origin !== page.origin || url.pathname !== page.pathname) return undefined;
    return url.hash.length > 1 ? decodeURIComponent(url.hash.slice(1)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Marks the sections whose heading toggles a closed panel (at least two of them on the page: one
 * alone is a "read more", not an FAQ) and strips the toggle links from their headings.
 */
export function markCollapsedSections(sections: Section[], document: Node, pageUrl: string): void {
  const closed = findClosedPanelIds(document);
  if (closed.size === 0) return;
  const toggles = (inlines: InlineRun[]): boolean =>
    inlines.some((run) => {
      const id = run.href === undefined ? undefined : inPageTarget(run.href, pageUrl);
      return id !== undefined && closed.has(id);
    });
  const marked = sections.filter(
    (section) =>
      section.heading !== undefined &&
      section.blocks.length > 0 &&
      toggles(section.heading.inlines),
  );
  if (marked.length < 2) return;
  for (const section of marked) {
    section.collapsed = true;
    section.heading!.inlines = section.heading!.inlines.map(({ href: _href, ...run }) => run);
  }
}
