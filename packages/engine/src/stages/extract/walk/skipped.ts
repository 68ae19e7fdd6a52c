/** Elements whose content is never page content: scripts, styles, metadata, frames, vector art. */
import type { Element } from '../dom';
import { collapse, getAttr, resolveUrl, textContent } from '../dom';
import { TRACKER_URL } from './tracker-url';
import type { WalkContext } from './walk-context';

/** Tags skipped with their whole subtree. */
export const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'title',
  'meta',
  'link',
  'base',
  'svg',
  'math',
  'canvas',
  'datalist',
  'option',
  'optgroup',
  'frameset',
  'frame',
  'noframes',
  'area',
  'map',
  'param',
  'source',
  'track',
]);
// (A `<dialog>` is content: an open one is walked, a closed one kept as a closed dialog block.)

/** Skips the element; a script is reported as dropped (as a tracker when it is one). */
export function handleSkipped(context: WalkContext, element: Element): boolean {
  if (element.tagName !== 'script') return false;
  const src = getAttr(element, 'src');
  const body = textContent(element);
  const type = (getAttr(element, 'type') ?? '').toLowerCase();
  if (type && !/javascript|module|ecmascript/.test(type)) return false;
  const what = src
    ? (resolveUrl(src, context.pageUrl) ?? src)
    : `inline script: ${collapse(body).slice(0, 80)}`;
  const tracker =
    TRACKER_URL.test(src ?? '') || /gtag\(|_gaq|ga\('create'|fbq\(|_paq|hj\(/.test(body);
  context.dropped.push({
    kind: tracker ? 'tracker' : 'script',
    what,
    reason: tracker
      ? 'Tracking is off until you configure analytics'
      : 'Behaviour is rebuilt in React; scripts are not carried',
  });
  return false;
}
