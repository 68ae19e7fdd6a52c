/**
 * Block containers (div, p, headings, lists, table parts, sections...): the walk goes into them, and
 * the text they hold becomes a block when they end.
 */
import type { Element } from '../dom';
import { collapse, findElements, getAttr, textContent } from '../dom';
import { isCentred } from '../heading-align';
import { holdsOnlyTabs } from '../tab-groups';
import { releaseItem } from './emit';
import { flush } from './flush';
import { endForm, startForm } from './form';
import { enterList } from './list';
import { isInAside, isLeadingLinkRow, isNavigation } from './navigation';
import type { Container, WalkContext } from './walk-context';

/** Tags of block containers. */
export const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'legend',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'marquee',
  'multicol',
]);

/** Elements whose <footer> is their own (HTML's sectioning content and roots), not the page's. */
const SECTIONING = new Set([
  'article',
  'aside',
  'section',
  'nav',
  'blockquote',
  'details',
  'figure',
  'td',
]);

/**
 * Enters a block container: ends the current text, pushes the container (a list, a titled item,
 * navigation, a form or the page footer when it is one) and undoes all that at its end.
 */
export function handleBlock(context: WalkContext, element: Element): boolean {
  const tag = element.tagName;
  const { containers } = context;
  flush(context);
  // Template sites style a div as the page's headline (<div class="intro-heading">): it is one.
  const container: Container = {
    tag: (tag === 'div' || tag === 'p') && isStyledHeading(element) ? 'h2' : tag,
    centred: isCentred(element),
    ...(BREADCRUMB.test(`${getAttr(element, 'id') ?? ''} ${getAttr(element, 'class') ?? ''}`)
      ? { breadcrumb: true as const }
      : {}),
  };
  const isTitledItem = enterList(context, element, container);
  // The page footer is its own part: it must not run on under the last heading. (Checked before
  // this element joins the containers: a <footer> is never inside itself. A <footer> of an article
  // or a section is that part's own, not the page's.)
  if (
    context.nav === 0 &&
    !context.form &&
    (tag === 'footer' ||
      /(?:^|[\s_-])footer(?:$|[\s_-])/i.test(
        `${getAttr(element, 'id') ?? ''} ${getAttr(element, 'class') ?? ''}`,
      )) &&
    !containers.some((c) => c.tag === 'footer' || (tag === 'footer' && SECTIONING.has(c.tag)))
  ) {
    context.blocks.push({ kind: 'break' });
    context.openList = undefined;
  }
  containers.push(container);
  const isNav =
    context.nav === 0 &&
    !context.form &&
    (isNavigation(element) ||
      (context.navLinks.length === 0 &&
        isLeadingLinkRow(element, context.pageUrl, context.blocks))) &&
    !holdsOnlyTabs(element, context.tabGroups) &&
    // A menu in a sidebar is the sidebar's content: it stays beside the page (./aside.ts).
    !isInAside(element);
  if (isNav) context.nav++;
  if (tag === 'form' && !context.form && context.nav === 0) startForm(context, element);
  context.exits.set(element, () => {
    flush(context);
    if (isTitledItem) releaseItem(context);
    containers.pop();
    if (isNav) context.nav--;
    if (context.form && context.form.element === element) endForm(context);
  });
  return true;
}

/** A breadcrumb trail's id or class (Yoast's `#breadcrumbs`, Bootstrap's `.breadcrumb`). */
const BREADCRUMB = /breadcrumb/i;
const HEADING_CLASS = /(?:^|[\s_-])(?:heading|headline|title)(?:$|[\s_-])/i;
const BLOCK_CHILDREN = new Set([
  'div',
  'p',
  'ul',
  'ol',
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'form',
  'section',
  'img',
]);

/** A short, block-free div/p whose class calls it a heading or title. */
function isStyledHeading(element: Element): boolean {
  if (!HEADING_CLASS.test(getAttr(element, 'class') ?? '')) return false;
  if (/sub-?(?:heading|title)/i.test(getAttr(element, 'class') ?? '')) return false;
  if (findElements(element, (e) => e !== element && BLOCK_CHILDREN.has(e.tagName)).length > 0)
    return false;
  const text = collapse(textContent(element));
  return text.length > 0 && text.length <= 100;
}

/**
 * `<h1>Title <small>Subheading</small></h1>` (Bootstrap's page-header): the small text after the
 * heading's own words is a subheading, not part of the h1 (issue 22): the heading ends before it and
 * it becomes a paragraph of its own. A <small> anywhere else stays inline text.
 */
export function handleSubheading(context: WalkContext, element: Element): boolean {
  const inner = context.containers[context.containers.length - 1];
  const headingText = context.buffer.map((run) => run.text).join('');
  if (inner?.tag !== 'h1' || collapse(headingText) === '' || collapse(textContent(element)) === '')
    return true;
  flush(context);
  context.containers.push({ tag: 'small', centred: inner.centred });
  context.exits.set(element, () => {
    flush(context);
    context.containers.pop();
  });
  return true;
}
