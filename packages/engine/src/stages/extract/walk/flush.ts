/** Collects text into inline runs and turns them into a block when a block ends. */
import type { Block, InlineRun } from '../../../model';
import { collapse } from '../dom';
import { currentOpens, emitPendingDialogs } from './dialog';
import { emit } from './emit';
import { normalizeRuns } from './normalize-runs';
import { currentTone, toBlockTone } from './tone';
import type { Element } from '../dom';
import { isSameLine, lineOf } from './line-of';
import type { Container, WalkContext } from './walk-context';
import { currentButton, currentHref } from './walk-context';
import { plainText } from '../../../model';

const ROLE_TAGS = [
  'li',
  'blockquote',
  'dt',
  'dd',
  'figcaption',
  'caption',
  'address',
  'legend',
  'summary',
  // A page heading's <small> subheading (block.ts handleSubheading): a paragraph of its own.
  'small',
];

/** Adds text to the current inline run, with the marks and link the walk is inside. */
export function pushText(context: WalkContext, text: string): void {
  if (context.labelDepth > 0) return;
  if (context.buttonText) {
    context.buttonText.push(text);
    return;
  }
  const href = currentHref(context);
  const opens = currentOpens(context);
  const run: InlineRun = { text };
  if (opens) run.opens = opens;
  else if (href) run.href = href;
  const button = currentButton(context);
  if (button) run.button = button;
  if (context.strong > 0) run.strong = true;
  if (context.em > 0) run.em = true;
  if (context.code > 0) run.code = true;
  context.buffer.push(run);
  const letters = text.replace(/\s/g, '').length;
  if (letters > 0)
    context.bufferTones.push({ letters, tone: currentTone(context), linked: Boolean(href) });
}

/**
 * Turns the buffered runs into a block: a heading, list item or paragraph after the innermost
 * container that gives text a role; navigation labels and a form's text go to those instead.
 */
export function flush(context: WalkContext): void {
  flushRuns(context);
  // Dialogs whose trigger the block held follow it.
  if (context.pendingDialogs.length > 0) emitPendingDialogs(context);
}

function flushRuns(context: WalkContext): void {
  const runs = normalizeRuns(context.buffer);
  const tone = toBlockTone(context.bufferTones);
  const from = context.bufferFrom;
  context.buffer = [];
  context.bufferTones = [];
  context.bufferFrom = undefined;
  if (runs.length === 0) return;
  const text = plainText(runs);
  // An icon on its own (a service's pictogram, a social profile's bird) is content too.
  if (!text && !runs.some((run) => run.icon)) return;
  if (context.nav > 0) {
    // Navigation is rebuilt as the site header; its labels still count as visible text.
    for (const run of runs) {
      const label = collapse(run.text);
      if (run.href && label) {
        context.navLinks.push({ label, href: run.href });
        context.textBlocks.push(label);
      }
    }
    return;
  }
  if (context.form) {
    if (text) context.form.pending.push(text);
    return;
  }
  if (text) context.textBlocks.push(text);
  const { containers } = context;
  let role: Container | undefined;
  for (let i = containers.length - 1; i >= 0; i--) {
    const tag = containers[i]!.tag;
    if (/^h[1-6]$/.test(tag) || ROLE_TAGS.includes(tag)) {
      role = containers[i];
      break;
    }
  }
  const tag = role?.tag;
  // The text's alignment is its innermost container's.
  const centred = containers[containers.length - 1]?.centred === true;
  if (tag && /^h[1-6]$/.test(tag)) {
    emit(context, {
      kind: 'heading',
      level: Number(tag.slice(1)),
      inlines: runs,
      ...(centred ? { align: 'center' as const } : {}),
    });
  } else if (tag === 'li' && role?.listId !== undefined) {
    const { openList, blocks } = context;
    const list = context.lists.find((l) => l.id === role.listId);
    if (openList && openList.id === role.listId && blocks[blocks.length - 1] === openList.block) {
      openList.block.items.push(runs);
    } else {
      const block: Extract<Block, { kind: 'list' }> = {
        kind: 'list',
        ordered: list?.ordered ?? false,
        items: [runs],
      };
      if (list?.ordered && list.counter !== 1) block.start = list.counter;
      if (list?.breadcrumb) block.breadcrumb = true;
      else if (list?.inline) {
        block.inline = true;
        if (centred) block.align = 'center';
      }
      emit(context, block);
      context.openList = { id: role.listId, block };
    }
    if (list) list.counter++;
  } else {
    const block: Extract<Block, { kind: 'paragraph' }> = { kind: 'paragraph', inlines: runs };
    if (tag === 'blockquote') block.role = 'quote';
    else if (tag === 'dt' || tag === 'summary' || tag === 'legend') block.role = 'term';
    else if (tag === 'dd') block.role = 'definition';
    else if (tag === 'figcaption' || tag === 'caption') block.role = 'caption';
    else if (tag === 'address') block.role = 'address';
    if (centred) block.align = 'center';
    if (!block.role && containers.some((c) => c.breadcrumb)) block.breadcrumb = true;
    if (tone && !block.role) block.tone = tone;
    if (!block.role && from && isLabelBesidePicture(context, from, text)) {
      context.lastImage!.block.inline ??= 'start';
      block.inline = 'continue';
    }
    emit(context, block);
  }
}

/** The most characters a label beside its picture has (a menu entry, a caption in a row). */
const LABEL_MAX_CHARS = 80;

/**
 * Words right after a picture, on its line (in the next cell of its table row, or after it in its
 * block without a line break) and short enough to be its label ("Games & cheatcodes" beside a
 * button and a drawing): the original showed them side by side, so does the rebuild (issue 23).
 */
function isLabelBesidePicture(context: WalkContext, from: Element, text: string): boolean {
  const last = context.lastImage;
  return (
    last !== undefined &&
    !last.block.float &&
    context.blocks[context.blocks.length - 1] === last.block &&
    collapse(text).length <= LABEL_MAX_CHARS &&
    !text.includes('\n') &&
    isSameLine(last.line, lineOf(from))
  );
}
