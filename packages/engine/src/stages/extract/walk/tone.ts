/**
 * Type an old page set by hand (issue 23): `<font size color>` and `<big>` around its words. The
 * walk keeps the tone of each run of text; a paragraph most of whose words share a larger size or a
 * colour keeps it (flush.ts toBlockTone), so that the big purple lines of a FrontPage page do not
 * become body text in the site's ink.
 */
import { PROBE_MARKS } from '../../../measure/probe-marks';
import type { Element, Node } from '../dom';
import { findElement, findElements, getAttr, isElement, textContent } from '../dom';
import type { BlockFont, Tone, WalkContext } from './walk-context';

/** Share of a paragraph's letters that must carry a tone for the paragraph to keep it. */
const PREDOMINANT = 2 / 3;
/** `<font size="1">` and `<font size="7">`, as steps from the default 3. */
const MIN_STEP = -2;
const MAX_STEP = 4;

/**
 * `<font size>`'s step from the default 3 (`1`..`7` is -2..4): absolute `5`, relative `+2`, small
 * print `2` (-1); undefined when unset.
 */
function sizeStep(value: string | undefined, parent: number): number | undefined {
  const match = value?.trim().match(/^([+-])?(\d)$/);
  if (!match) return undefined;
  const n = Number(match[2]);
  const size = match[1] === '+' ? 3 + parent + n : match[1] === '-' ? 3 + parent - n : n;
  return Math.max(MIN_STEP, Math.min(MAX_STEP, size - 3));
}

/** A colour as written: `#800080`, `800080` (an old page's bare hex), or a CSS name. */
function toColor(value: string | undefined): string | undefined {
  const color = value?.trim().toLowerCase();
  if (!color) return undefined;
  if (/^#?[0-9a-f]{6}$/.test(color)) return color.startsWith('#') ? color : `#${color}`;
  if (/^#[0-9a-f]{3}$/.test(color) || /^[a-z]{3,20}$/.test(color)) return color;
  return undefined;
}

/** The tone the walk is inside. */
export function currentTone(context: WalkContext): Tone {
  return context.tones[context.tones.length - 1] ?? { step: 0 };
}

/** `<font>` and `<big>`: the runs inside take its size and colour (an inner one wins). */
export function handleTone(context: WalkContext, element: Element): boolean {
  const parent = currentTone(context);
  const tone: Tone = { ...parent };
  if (element.tagName === 'big') tone.step = Math.min(MAX_STEP, parent.step + 1);
  else {
    const step = sizeStep(getAttr(element, 'size'), parent.step);
    if (step !== undefined) tone.step = step;
    const color = toColor(getAttr(element, 'color'));
    if (color) tone.color = color;
  }
  context.tones.push(tone);
  context.exits.set(element, () => context.tones.pop());
  return true;
}

/** A PROBE_MARKS.textSize value (`1.18 1.61 italic`); undefined for `body` or a malformed one. */
export function parseTextSize(value: string | undefined): BlockFont | undefined {
  const [scaleText, ...rest] = value?.trim().split(/\s+/) ?? [];
  const scale = Number(scaleText);
  if (!scaleText || !Number.isFinite(scale) || scale <= 0) return undefined;
  const leading = rest[0] !== undefined ? Number(rest[0]) : NaN;
  return {
    scale,
    ...(Number.isFinite(leading) && leading > 0 ? { leading } : {}),
    ...(rest.includes('bold') ? { bold: true as const } : {}),
    ...(rest.includes('italic') ? { italic: true as const } : {}),
  };
}

/**
 * An element the probe found set in a size of its own (PROBE_MARKS.textSize): the runs inside take
 * it, and an inner block marked `body` returns to the body's. Chains the exit its handler set.
 */
export function enterTextSize(context: WalkContext, element: Element): void {
  const value = getAttr(element, PROBE_MARKS.textSize);
  if (value === undefined) return;
  const { font: _outer, ...parent } = currentTone(context);
  const font = parseTextSize(value);
  context.tones.push(font ? { ...parent, font } : parent);
  const previous = context.exits.get(element);
  context.exits.set(element, () => {
    previous?.();
    context.tones.pop();
  });
}

/** The most letters a boxed title cell holds. */
const TITLE_CELL_LETTERS = 80;

/**
 * A coloured box round a title (issue 23: a FrontPage page's yellow `<td bgcolor>`, the only cell of
 * its table, round "VILLA DE ALPUENTE"): the words inside keep the cell's fill. Only a table of one
 * cell holding a short line of words and nothing else; a grid of shaded cells is a table's look, not a
 * title's. Chains the exit its handler set.
 */
export function enterCellFill(context: WalkContext, element: Element): void {
  if (element.tagName !== 'td' && element.tagName !== 'th') return;
  const fill = toColor(getAttr(element, 'bgcolor'));
  if (!fill) return;
  const parentOf = (node: Node) => (node as { parentNode?: Node | null }).parentNode ?? undefined;
  let table = parentOf(element);
  while (table && !(isElement(table) && table.tagName === 'table')) table = parentOf(table);
  if (!table) return;
  const cells = findElements(table, (each) => each.tagName === 'td' || each.tagName === 'th');
  if (cells.length !== 1) return;
  const letters = textContent(element).replace(/\s+/g, '').length;
  if (letters === 0 || letters > TITLE_CELL_LETTERS) return;
  const inner = findElement(
    element,
    (each) =>
      each !== element && ['img', 'table', 'ul', 'ol', 'form', 'iframe'].includes(each.tagName),
  );
  if (inner) return;
  context.tones.push({ ...currentTone(context), fill });
  const previous = context.exits.get(element);
  context.exits.set(element, () => {
    previous?.();
    context.tones.pop();
  });
}

/**
 * A paragraph's tone from its runs' (letters counted, spaces not): the largest step that most of
 * its letters reach (or the smallest step under the default most of them are in), and the colour most of its words outside links are in (a link keeps its own
 * colour), when most of them are outside links; undefined when neither holds.
 */
export function toBlockTone(
  tallies: readonly { letters: number; tone: Tone; linked?: boolean }[],
): { step?: number; color?: string; fill?: string; font?: BlockFont } | undefined {
  const count = (of: readonly { letters: number }[]) =>
    of.reduce((sum, tally) => sum + tally.letters, 0);
  const total = count(tallies);
  if (total === 0) return undefined;
  const share = (test: (tone: Tone) => boolean) =>
    count(tallies.filter((tally) => test(tally.tone))) / total;
  // The largest step most letters reach, else the smallest step most letters are under (small print).
  const step =
    [4, 3, 2, 1].find((level) => share((tone) => tone.step >= level) >= PREDOMINANT) ??
    [-2, -1].find((level) => share((tone) => tone.step <= level) >= PREDOMINANT);
  const words = tallies.filter((tally) => !tally.linked);
  const plain = count(words);
  const colors = new Set(words.flatMap(({ tone }) => (tone.color ? [tone.color] : [])));
  const color =
    plain * 2 >= total
      ? [...colors].find(
          (each) =>
            count(words.filter((tally) => tally.tone.color === each)) / plain >= PREDOMINANT,
        )
      : undefined;
  // The size the page's CSS set most of its letters in, unless its <font> size says so already.
  const fonts = new Map<string, BlockFont>();
  for (const { tone } of tallies) if (tone.font) fonts.set(JSON.stringify(tone.font), tone.font);
  const font =
    step === undefined
      ? [...fonts.entries()].find(
          ([key]) =>
            share((tone) => (tone.font ? JSON.stringify(tone.font) : undefined) === key) >=
            PREDOMINANT,
        )?.[1]
      : undefined;
  // The fill every letter is on (a boxed title cell's).
  const fills = new Set(tallies.map(({ tone }) => tone.fill));
  const fill = fills.size === 1 ? [...fills][0] : undefined;
  if (step === undefined && color === undefined && font === undefined && !fill) return undefined;
  return {
    ...(step !== undefined ? { step } : {}),
    ...(color ? { color } : {}),
    ...(fill ? { fill } : {}),
    ...(font ? { font } : {}),
  };
}

/**
 * The words' colour a page set on its body (`<body text="#660066">`), as the tone its walk starts
 * in: an old site's inner page in an ink of its own keeps it where it reads (plan).
 */
export function pageTone(root: Node): Tone | undefined {
  const body =
    isElement(root) && root.tagName === 'body'
      ? root
      : findElement(root, (element) => element.tagName === 'body');
  const color = body ? toColor(getAttr(body, 'text')) : undefined;
  return color ? { step: 0, color } : undefined;
}
