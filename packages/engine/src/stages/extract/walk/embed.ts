/** Embedded players, applets and frames: dropped, except the links of an applet's menu. */
import type { InlineRun } from '../../../model';
import { listParamLinks } from '../../../lib/param-links';
import type { Element } from '../dom';
import { getAttr, resolveUrl } from '../dom';
import { emit } from './emit';
import { flush } from './flush';
import type { WalkContext } from './walk-context';

/** Tags of embedded content. */
export const EMBEDS = new Set(['iframe', 'object', 'embed', 'applet', 'bgsound', 'video', 'audio']);

/** Reports the embed as dropped; an applet's or object's menu of links becomes a list. */
export function handleEmbed(context: WalkContext, element: Element): boolean {
  const tag = element.tagName;
  const src = getAttr(element, 'src') ?? getAttr(element, 'data') ?? getAttr(element, 'code') ?? '';
  const menu = tag === 'applet' || tag === 'object' ? paramMenuOf(element, context.pageUrl) : [];
  if (menu.length > 0) {
    flush(context);
    emit(context, { kind: 'list', ordered: false, items: menu.map((run) => [run]) });
  }
  context.dropped.push({
    kind: 'embed',
    what: `<${tag}> ${resolveUrl(src, context.pageUrl) ?? src}`.trim(),
    reason:
      menu.length > 0
        ? "Applets do not run in today's browsers; the links of its menu are kept as a list"
        : 'Embedded players, applets and frames are not carried',
  });
  return false;
}

/** The labelled links of an applet's or object's params (a Java tree menu), when it has two or more. */
export function paramMenuOf(element: Element, pageUrl: string): InlineRun[] {
  const runs = listParamLinks(element).flatMap(({ href, label }) => {
    const url = label ? resolveUrl(href, pageUrl) : undefined;
    return url && label ? [{ text: label, href: url }] : [];
  });
  return runs.length >= 2 ? runs : [];
}
