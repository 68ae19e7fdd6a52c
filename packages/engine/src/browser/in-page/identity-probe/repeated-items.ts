/**
 * Repeated items: siblings of one kind (same tag and classes, with a picture or a heading); a
 * heading row before them or a row after them may sit beside them in the same parent. Their parent
 * is marked PROBE_MARKS.columns with how many of them sit side by side in the viewport.
 */
import { PROBE_MARKS } from '../../../measure/probe-marks';
import { isOpaque } from './color';
import { isShown, rectOf, style } from './dom';
import { fillOf } from './fill';
import { differs, groundOf, measureBoxOf } from './section-boxes';
import { doc, W } from './view';

/** An item's kind: its tag and its classes, less the ones that tell one item from the next. */
const kind = (k: Element): string =>
  k.tagName +
  '.' +
  [...k.classList]
    .filter((c) => !/active|first|last|odd|even|\d/.test(c) || /^col-/.test(c))
    .sort()
    .join('.');

/** Marks every parent of repeated items with their number of columns. */
export function markRepeatedItems(): void {
  for (const parent of doc.body.querySelectorAll('*')) {
    const shown = [...parent.children].filter((k) => isShown(k));
    if (shown.length < 2 || shown.length > 60) continue;
    const counts = new Map<string, number>();
    for (const k of shown) counts.set(kind(k), (counts.get(kind(k)) || 0) + 1);
    const [major, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
    if (count < 2) continue;
    const kids = shown.filter((k) => kind(k) === major);
    const start = shown.indexOf(kids[0]!);
    if (shown.slice(start, start + kids.length).some((k) => kind(k) !== major)) continue;
    if (
      !kids.every(
        (k) => k.querySelector('img, h2, h3, h4, h5, [style*=background]') || k.tagName === 'IMG',
      )
    )
      continue;
    const boxes = kids.map(rectOf);
    if (boxes.some((b) => b.width < 60)) continue;
    const y0 = Math.round(boxes[0]!.top);
    // Only what shows side by side in the viewport: a slider's row runs on off-screen.
    const columns = boxes.filter(
      (b) => Math.abs(Math.round(b.top) - y0) <= 4 && b.left >= -1 && b.right <= W + 1,
    ).length;
    if (columns < 1) continue;
    parent.setAttribute(PROBE_MARKS.columns, String(columns));
    const box = toItemBox(parent, kids);
    if (!box) continue;
    parent.setAttribute(PROBE_MARKS.itemBox, box.kinds);
    // The boxes' own colours, border and corners (issue 23: kept where the layout is kept).
    const measured = measureBoxOf(box.first, groundOf(parent));
    if (measured) parent.setAttribute(PROBE_MARKS.itemBoxStyle, JSON.stringify(measured));
  }
}

/**
 * How items are drawn as boxes against their parent's ground: a visible border on every side, a
 * fill of their own, a shadow, and the first item's box; `undefined` when most items are drawn on
 * the ground as it is. An item's box may be its only element child covering it (a grid column
 * holding a panel).
 */
function toItemBox(
  parent: Element,
  items: Element[],
): { kinds: string; first: Element } | undefined {
  const ground = fillOf(parent).color;
  const counts = { border: 0, fill: 0, shadow: 0 };
  let first: Element | undefined;
  for (const item of items) {
    const only = item.children.length === 1 ? item.children[0]! : undefined;
    const outer = rectOf(item);
    const inner = only ? rectOf(only) : undefined;
    const box =
      only && inner && inner.width >= outer.width * 0.8 && inner.height >= outer.height * 0.8
        ? only
        : item;
    const s = style(box);
    const bordered = (['top', 'right', 'bottom', 'left'] as const).every((side) => {
      const color = s.getPropertyValue(`border-${side}-color`);
      return (
        Number.parseFloat(s.getPropertyValue(`border-${side}-width`)) >= 1 &&
        s.getPropertyValue(`border-${side}-style`) !== 'none' &&
        isOpaque(color) &&
        differs(color, ground)
      );
    });
    const filled = isOpaque(s.backgroundColor) && differs(s.backgroundColor, ground);
    const shadowed = s.boxShadow !== 'none' && s.boxShadow !== '';
    if (bordered) counts.border++;
    if (filled) counts.fill++;
    if (shadowed) counts.shadow++;
    if (!first && (bordered || filled || shadowed)) first = box;
  }
  const most = (count: number): boolean => count * 2 > items.length;
  const kinds = (['border', 'fill', 'shadow'] as const).filter((kind) => most(counts[kind]));
  return kinds.length > 0 && first ? { kinds: kinds.join(' '), first } : undefined;
}
