/**
 * The header's other parts (issue 23): what the identity probe marked PROBE_MARKS.headerPart (a
 * strip above the brand and menu, lines beside the brand or under it) is walked on its own and
 * taken out of the page before its walk, so that the rebuild draws it in its header, in its place,
 * instead of as the page's first words. Taken out first because such parts often stand in a layout
 * row whose columns are walked apart.
 */
import type { Element, Node, ParentNode } from './dom';
import { findElements, getAttr } from './dom';
import type { HeaderPart, PageModel } from '../../model';
import { PROBE_MARKS } from '../../measure/probe-marks';
import { walkContent, type AssetIndex } from './walk-content';

const PLACES = new Set<string>(['strip', 'start', 'end', 'under']);

const placeOf = (element: Element): HeaderPart['place'] | undefined => {
  const place = getAttr(element, PROBE_MARKS.headerPart);
  return place !== undefined && PLACES.has(place) ? (place as HeaderPart['place']) : undefined;
};

/** What the header's parts held: the parts, their words for coverage, what was left out. */
export interface LiftedHeaderParts {
  parts: HeaderPart[];
  textBlocks: string[];
  dropped: PageModel['dropped'];
}

/** Walks each marked header part (the outermost ones) and takes it out of `document`. */
export function liftHeaderParts(
  document: Node,
  pageUrl: string,
  assets: AssetIndex,
): LiftedHeaderParts {
  const lifted: LiftedHeaderParts = { parts: [], textBlocks: [], dropped: [] };
  const marked = findElements(document, (element) => placeOf(element) !== undefined);
  for (const element of marked) {
    // A part inside another is walked with it.
    if (marked.some((other) => other !== element && contains(other, element))) continue;
    const walked = walkContent(element, pageUrl, assets);
    const blocks = walked.blocks.filter((block) => block.kind !== 'break');
    lifted.dropped.push(...walked.dropped);
    if (blocks.length > 0) {
      lifted.parts.push({ place: placeOf(element)!, blocks });
      lifted.textBlocks.push(...walked.textBlocks);
    }
    const siblings = element.parentNode?.childNodes;
    const at = siblings?.indexOf(element) ?? -1;
    if (siblings && at >= 0) siblings.splice(at, 1);
  }
  return lifted;
}

function contains(outer: Element, inner: Element): boolean {
  for (let node: ParentNode | null = inner.parentNode; node; node = parentOf(node))
    if (node === outer) return true;
  return false;
}

/** A node's parent, when it has one (a document has none). */
const parentOf = (node: ParentNode): ParentNode | null =>
  'parentNode' in node ? node.parentNode : null;
