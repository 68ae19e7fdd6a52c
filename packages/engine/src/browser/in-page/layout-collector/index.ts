/**
 * The layout collector, run in a rendered page (browser/collect-layout.ts bundles this folder into
 * one script and checks its answer with layoutSnapshotSchema): the visible text blocks, the
 * sections and, with `identity`, what the identity checks compare; and the entry screen the
 * identity probe marked in this DOM.
 */
import type { LayoutOptions, LayoutSnapshot } from '../../../measure/layout-snapshot';
import { markSelector, PROBE_MARKS } from '../../../measure/probe-marks';
import { collectBlocks } from './blocks';
import { collapse } from './dom';
import { collectIdentity } from './identity';
import { collectSections } from './sections';
import { pageHeight, pageWidth, vh, vw } from './view';

export function run(options: LayoutOptions & { maxBlocks: number }): LayoutSnapshot {
  const blocks = options.blocks ? collectBlocks(options.maxBlocks) : [];
  const sections = collectSections();
  const identity = options.identity ? collectIdentity() : undefined;

  // An entry screen the identity probe marked in this DOM (fetch measures the page it probed). Shown
  // means rendered: an entry screen may still be sliding or fading in (restaurant-jq's comes in from
  // the right), off the page or transparent for a moment, and it is the entry all the same.
  const splashEl = document.querySelector(markSelector(PROBE_MARKS.splash));
  const splash =
    splashEl &&
    (typeof splashEl.checkVisibility !== 'function' ||
      splashEl.checkVisibility({ checkVisibilityCSS: true }))
      ? collapse(splashEl.getAttribute(PROBE_MARKS.splash) || '').slice(0, 100)
      : '';

  return {
    viewport: { width: vw, height: vh },
    page: { width: pageWidth, height: pageHeight },
    blocks,
    sections,
    ...(identity ? { identity } : {}),
    ...(splash ? { splash } : {}),
  };
}
