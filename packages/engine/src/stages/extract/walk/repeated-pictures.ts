/**
 * A picture appears once unless the original shows it twice (issue 23). Before the walk, every
 * <img> of the page is read once: the copies the original did not show at rest (inside something
 * hidden by its markup or `aria-hidden="true"`, a slider's clone, the hover twin of a rollover
 * button) of a picture the page shows elsewhere get no block of their own. A picture shown twice at
 * rest (a logo in the header and the footer) stays twice. What the rebuild keeps closed itself
 * (dialogs, tab panels) and carousels (whose clones ./panels.ts leaves out slide by slide) are left
 * to their handlers.
 */
import { findCarouselSlides } from '../carousels';
import type { Dialogs } from '../dialogs';
import type { Element, Node } from '../dom';
import { collapse, getAttr, isElement, resolveUrl, textContent, walk } from '../dom';
import { pictureOf } from '../picture-key';
import type { TabGroups } from '../tab-groups';
import { isHiddenElement } from './hidden';
import { SKIPPED } from './skipped';
import type { AssetIndex } from './walk-context';

/** One <img> of the page: which picture, whether the original showed it at rest, and its link. */
interface Occurrence {
  element: Element;
  picture: string;
  src: string;
  atRest: boolean;
  /** The link around it, or, for a scripted rollover, the element holding it. */
  holder: Element | undefined;
}

/** A slider's copy of a slide (`clone`, `cloned`, `…-duplicate` tokens; `data-clone`). */
const CLONE_CLASS = /(?:^|[\s_-])(?:clone|cloned|duplicate)(?:$|\s)/i;

/** What a rollover's script does on hover: swap a picture. */
const MOUSE_ATTRS = ['onmouseover', 'onmouseout', 'onmouseenter', 'onmouseleave'];

/**
 * A state word at the end of a file's name (`about_on.gif`, `home-hover.png`, `contactover.jpg`):
 * the hover twin of the same button.
 */
const STATE_SUFFIX =
  /(?:[-_.]?(?:over|hover|rollover|roll|on|off|hi|lo|active|down|up|sel|selected|normal))$/i;
const DIGIT_SUFFIX = /[-_.]?\d$/;

/**
 * Hidden by its own markup (`hidden`, `display: none`, `visibility: hidden`, `opacity: 0`),
 * `aria-hidden="true"`, or a slider's copy. Not the walk's skipped kinds (those show no block at all).
 */
function isNotShownHere(element: Element): boolean {
  const style = getAttr(element, 'style') ?? '';
  return (
    getAttr(element, 'hidden') !== undefined ||
    /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0*)?\s*(?:;|$))/i.test(
      style,
    ) ||
    (getAttr(element, 'aria-hidden') ?? '').trim().toLowerCase() === 'true' ||
    CLONE_CLASS.test(getAttr(element, 'class') ?? '') ||
    getAttr(element, 'data-clone') !== undefined ||
    getAttr(element, 'data-cloned') !== undefined
  );
}

function hasMouseScript(element: Element | null | undefined): boolean {
  return !!element && MOUSE_ATTRS.some((name) => getAttr(element, name) !== undefined);
}

/**
 * The `<img>` elements of `root` that get no block: copies not shown at rest of a picture shown
 * elsewhere on the page (or of one met earlier, when no copy is shown at rest), and the hover twins
 * of rollover buttons.
 */
export function findRepeatedPictures(
  root: Node,
  pageUrl: string,
  assets: AssetIndex,
  dialogs: Dialogs,
  tabGroups: TabGroups,
): Set<Element> {
  const occurrences: Occurrence[] = [];
  const links: Element[] = [];
  let notShown = 0;
  const raised = new Set<Node>();
  walk(
    root,
    (node) => {
      if (!isElement(node)) return true;
      if (node !== root) {
        if (SKIPPED.has(node.tagName) || isHiddenElement(node)) return false;
        // The rebuild keeps these closed itself (a lightbox's large photo of a thumbnail is fine).
        if (dialogs.byElement.has(node) || tabGroups.byElement.has(node)) return false;
        if (findCarouselSlides(node)) return false;
      }
      if (node.tagName === 'img') {
        const raw = getAttr(node, 'src') ?? getAttr(node, 'data-src');
        const src = raw && !raw.startsWith('data:') ? resolveUrl(raw, pageUrl) : undefined;
        if (src) {
          const link = links[links.length - 1];
          const parent = node.parentNode as Element | null;
          const holder =
            link ??
            (hasMouseScript(node) || (parent && isElement(parent) && hasMouseScript(parent))
              ? (parent ?? undefined)
              : undefined);
          occurrences.push({
            element: node,
            picture: pictureOf(src, assets),
            src,
            atRest: notShown === 0 && !isNotShownHere(node),
            holder,
          });
        }
        return false;
      }
      if (isNotShownHere(node)) {
        notShown++;
        raised.add(node);
      }
      if (node.tagName === 'a') links.push(node);
      return true;
    },
    (node) => {
      if (raised.delete(node)) notShown--;
      if (isElement(node) && node.tagName === 'a' && links[links.length - 1] === node) links.pop();
    },
  );

  const repeated = new Set<Element>();
  for (const twin of findHoverTwins(occurrences, assets)) repeated.add(twin);
  const shownAtRest = new Set(
    occurrences.filter((o) => o.atRest && !repeated.has(o.element)).map((o) => o.picture),
  );
  const keptHidden = new Set<string>();
  for (const occurrence of occurrences) {
    if (occurrence.atRest || repeated.has(occurrence.element)) continue;
    if (shownAtRest.has(occurrence.picture) || keptHidden.has(occurrence.picture))
      repeated.add(occurrence.element);
    else keptHidden.add(occurrence.picture);
  }
  return repeated;
}

/**
 * A rollover button's second picture: two pictures and no words in one link (or in the element a
 * hover script swaps them in), the same picture or two states of one file (`about.gif` and
 * `about_on.gif`) of one size. The one not shown at rest goes, else the second.
 */
function findHoverTwins(occurrences: Occurrence[], assets: AssetIndex): Element[] {
  const byHolder = new Map<Element, Occurrence[]>();
  for (const occurrence of occurrences) {
    if (!occurrence.holder) continue;
    const group = byHolder.get(occurrence.holder) ?? [];
    group.push(occurrence);
    byHolder.set(occurrence.holder, group);
  }
  const twins: Element[] = [];
  for (const [holder, group] of byHolder) {
    if (group.length !== 2 || collapse(textContent(holder)) !== '') continue;
    const [first, second] = group as [Occurrence, Occurrence];
    const scripted = hasMouseScript(holder) || group.some((o) => hasMouseScript(o.element));
    if (!isTwin(first, second, assets, scripted)) continue;
    twins.push(!first.atRest && second.atRest ? first.element : second.element);
  }
  return twins;
}

function isTwin(a: Occurrence, b: Occurrence, assets: AssetIndex, scripted: boolean): boolean {
  if (a.picture === b.picture) return true;
  const sizeA = sizeOf(a, assets);
  const sizeB = sizeOf(b, assets);
  const sameSize =
    sizeA !== undefined &&
    sizeB !== undefined &&
    sizeA.width === sizeB.width &&
    sizeA.height === sizeB.height;
  const sizesDiffer = sizeA !== undefined && sizeB !== undefined && !sameSize;
  if (sizesDiffer) return false;
  const [dirA, nameA] = splitName(a.src);
  const [dirB, nameB] = splitName(b.src);
  if (dirA !== dirB || nameA === nameB) return nameA === nameB;
  const base = (name: string, suffix: RegExp): string => name.replace(suffix, '');
  const [short, long] = nameA.length <= nameB.length ? [nameA, nameB] : [nameB, nameA];
  // A state word: `about` / `about_on`, or `about_off` / `about_on`.
  if (base(long, STATE_SUFFIX) === short || base(long, STATE_SUFFIX) === base(short, STATE_SUFFIX))
    return long !== base(long, STATE_SUFFIX);
  // A digit (`about` / `about2`, `about1` / `about2`) names a twin only when a script swaps them
  // or both are the same size: two photos of a gallery are numbered too.
  if (!scripted && !sameSize) return false;
  return (
    base(long, DIGIT_SUFFIX) === base(short, DIGIT_SUFFIX) && long !== base(long, DIGIT_SUFFIX)
  );
}

function sizeOf(
  occurrence: Occurrence,
  assets: AssetIndex,
): { width: number; height: number } | undefined {
  const asset = assets.get(occurrence.src);
  const width = asset?.width ?? Number.parseInt(getAttr(occurrence.element, 'width') ?? '', 10);
  const height = asset?.height ?? Number.parseInt(getAttr(occurrence.element, 'height') ?? '', 10);
  return Number.isFinite(width) && Number.isFinite(height) ? { width, height } : undefined;
}

/** A URL's folder and its file's name without the extension. */
function splitName(src: string): [string, string] {
  let path: string;
  try {
    path = new URL(src).pathname;
  } catch {
    path = src;
  }
  const slash = path.lastIndexOf('/');
  const file = path.slice(slash + 1).replace(/\.[a-z0-9]+$/i, '');
  return [path.slice(0, slash + 1), file.toLowerCase()];
}
