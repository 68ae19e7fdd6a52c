/**
 * Repeated items the original laid out side by side (issue 12): a row of service cards, team
 * members, a menu's dishes. Their columns are how many sat side by side at 1440 px, as the identity
 * probe measured them (PROBE_MARKS.columns); without a browser, as a Bootstrap grid's column
 * classes say. Pure: parse5 elements in, the item elements and their column count out.
 */
import type { Element } from './dom';
import { childrenOf, collapse, findElement, getAttr, isElement, textContent } from './dom';
import { PROBE_MARKS } from '../../measure/probe-marks';
import type { BoxStyle, ItemBox } from '../../model';
import { toBoxStyle } from './section-boxes';

const ITEM_BOXES: readonly ItemBox[] = ['border', 'fill', 'shadow'];

/** An item longer than this is an article, not a card. */
const MAX_ITEM_TEXT = 700;
/** More columns than this would make unreadable cards at 1440 px. */
const MAX_COLUMNS = 6;

function classesOf(element: Element): string[] {
  return (getAttr(element, 'class') ?? '').trim().split(/\s+/).filter(Boolean);
}

/** Tag and classes, without state classes: items of one kind share it. */
function toKind(element: Element): string {
  const classes = classesOf(element)
    .filter((c) => !/active|current|first|last|odd|even|\d/.test(c) || /^col-/.test(c))
    .sort();
  return `${element.tagName}.${classes.join('.')}`;
}

/** The classes every one of `elements` has, sorted and joined; undefined when they share none. */
function sharedClasses(elements: Element[]): string | undefined {
  const [first, ...rest] = elements.map((element) => new Set(classesOf(element)));
  const common = [...(first ?? [])].filter((c) => rest.every((classes) => classes.has(c))).sort();
  return common.length > 0 ? common.join('.') : undefined;
}

/** A card: a picture or a heading, or an icon with a few words; no form, no menu. */
function isCard(element: Element): boolean {
  const text = collapse(textContent(element));
  if (text.length > MAX_ITEM_TEXT) return false;
  if (findElement(element, (e) => e.tagName === 'form' || e.tagName === 'nav')) return false;
  if (element.tagName === 'img') return true;
  if (findElement(element, (e) => e.tagName === 'img' || /^h[2-6]$/.test(e.tagName))) return true;
  // An icon with a few words is a card; an icon alone (a row of social links) is not.
  const hasIcon =
    findElement(element, (e) =>
      /(?:^|\s)(?:fa|glyphicon)(?:\s|$)/.test(getAttr(e, 'class') ?? ''),
    ) !== undefined;
  return hasIcon && text.length >= 30;
}

/** Columns of a Bootstrap grid item (`col-md-4` -> 3), its widest breakpoint first. */
function toGridColumns(item: Element): number | undefined {
  const classes = classesOf(item);
  for (const breakpoint of ['xl', 'lg', 'md', 'sm', 'xs']) {
    const span = classes
      .map((c) => new RegExp(`^col-${breakpoint}-(\\d{1,2})$`).exec(c)?.[1])
      .find(Boolean);
    if (span) return Math.max(1, Math.floor(12 / Number(span)));
  }
  return undefined;
}

/**
 * The items of a parent element and how many sat side by side; undefined unless at least two
 * cards of one kind sit side by side. Items are one run of siblings of one kind: a heading row
 * before them (`.col-lg-12` with the section's title) or a row after them stays `before`/`after`.
 * Items listed again (`copies`, ./walk/item-copies.ts) are not counted.
 */
export function findRepeatedItems(
  parent: Element,
  copies: ReadonlySet<Element> = new Set(),
):
  | {
      items: Element[];
      columns: number;
      before: Element[];
      after: Element[];
      boxed?: ItemBox[];
      boxStyle?: BoxStyle;
    }
  | undefined {
  const children = childrenOf(parent).filter(
    (child): child is Element =>
      isElement(child) &&
      child.tagName !== 'script' &&
      child.tagName !== 'style' &&
      !copies.has(child),
  );
  if (children.length < 2) return undefined;
  // A list whose items were listed again under each category (a filterable gallery) names each
  // item's category by a class of its own: its items are of one kind by the classes they share.
  const listedAgain = childrenOf(parent).some((child) => isElement(child) && copies.has(child));
  const shared = listedAgain ? sharedClasses(children) : undefined;
  const kindOf = (child: Element): string =>
    shared === undefined ? toKind(child) : `${child.tagName}.${shared}`;
  const counts = new Map<string, number>();
  for (const child of children) counts.set(kindOf(child), (counts.get(kindOf(child)) ?? 0) + 1);
  const [kind, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  if (count < 2) return undefined;
  const start = children.findIndex((child) => kindOf(child) === kind);
  const items = children.slice(start, start + count);
  if (!items.every((item) => kindOf(item) === kind && isCard(item))) return undefined;
  const measured = Number.parseInt(getAttr(parent, PROBE_MARKS.columns) ?? '', 10);
  const columns = Number.isFinite(measured) ? measured : toGridColumns(items[0]!);
  if (columns === undefined || columns < 2) return undefined;
  const boxed = (getAttr(parent, PROBE_MARKS.itemBox) ?? '')
    .split(/\s+/)
    .filter((kind): kind is ItemBox => ITEM_BOXES.includes(kind as ItemBox));
  const boxStyle =
    boxed.length > 0 ? toBoxStyle(getAttr(parent, PROBE_MARKS.itemBoxStyle)) : undefined;
  return {
    items,
    columns: Math.min(columns, MAX_COLUMNS, items.length),
    before: children.slice(0, start),
    after: children.slice(start + count),
    ...(boxed.length > 0 ? { boxed } : {}),
    ...(boxStyle ? { boxStyle } : {}),
  };
}
