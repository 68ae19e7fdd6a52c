import type { Frame, Page } from 'playwright-core';
import {
  layoutSnapshotSchema,
  MAX_BLOCKS,
  type LayoutOptions,
  type LayoutSnapshot,
} from '../measure/layout-snapshot';
import { inPageScript } from './in-page-script';

/**
 * The in-page collector (browser/in-page/layout-collector/, bundled into one function expression by
 * inPageScript on first use): evaluated as `(collector)(options)`; returns a LayoutSnapshot.
 *
 * Text blocks: every non-empty text node, grouped by its nearest ancestor that is not `display:
 * inline` (inline-block buttons are blocks of their own), skipped when invisible (checkVisibility with
 * opacity and visibility), screen-reader-only (`.sr-only`, `.visually-hidden`, or clipped to a pixel)
 * or outside the page. Its box is the union of the text's line boxes (Range rects).
 *
 * Sections: from <body>, single visible wrappers are unwrapped (#root, .wrapper); their visible
 * children at least 24 px tall and 30 % of the viewport wide are the sections (absolutely positioned
 * ones left out, fixed ones kept); a `<main>` or `<div>` taller than half a screen that wraps
 * sections (visible children stacked one above the other, two or more of them at least 12 % of a
 * screen tall, as `<main>` holding the hero and the content) is split into them (at most three
 * levels).
 */
export function layoutCollectorScript(): string {
  return inPageScript('layout-collector/index.ts');
}

/** Longest a collector run may take: an original's scripts can make DOM calls hang or crawl. */
const COLLECT_TIMEOUT_MS = 5_000;

/** Runs the collector in one document (the page's or a frame's) and checks its answer. */
async function collectIn(frame: Frame, options: LayoutOptions): Promise<LayoutSnapshot> {
  const answer: unknown = await frame.evaluate(
    `(${layoutCollectorScript()})(${JSON.stringify({ ...options, maxBlocks: MAX_BLOCKS })})`,
  );
  return layoutSnapshotSchema.parse(answer);
}

/**
 * The page's layout; for a frameset, its frames' text blocks too, placed where each frame shows
 * (a frameset document has no text of its own: its frames are what the visitor reads). The page
 * is as tall as its tallest frame's document.
 */
async function collectWithFrames(page: Page, options: LayoutOptions): Promise<LayoutSnapshot> {
  const snapshot = await collectIn(page.mainFrame(), options);
  const frames = page.mainFrame().childFrames();
  if (frames.length === 0 || !(await page.evaluate('!!document.querySelector("frameset")')))
    return snapshot;
  const blocks = [...snapshot.blocks];
  let height = snapshot.page.height;
  for (const frame of frames) {
    const box = await (await frame.frameElement()).boundingBox();
    if (box === null || box.width < 1 || box.height < 1) continue;
    const inner = await collectIn(frame, { blocks: options.blocks, identity: false });
    height = Math.max(height, box.y + inner.page.height);
    for (const block of inner.blocks) {
      if (blocks.length >= MAX_BLOCKS) break;
      blocks.push({
        ...block,
        box: { ...block.box, x: block.box.x + box.x, y: block.box.y + box.y },
      });
    }
  }
  return { ...snapshot, page: { ...snapshot.page, height }, blocks };
}

/**
 * Measures the rendered page where it stands (the caller has loaded and screenshotted it): text
 * blocks, sections and, with `identity`, the header, controls and first-screen pictures. Rejects when
 * the page does not answer within 5 s or answers something that is not a snapshot.
 */
export async function collectLayout(page: Page, options: LayoutOptions): Promise<LayoutSnapshot> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the page did not answer within ${COLLECT_TIMEOUT_MS} ms`)),
      COLLECT_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([collectWithFrames(page, options), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
