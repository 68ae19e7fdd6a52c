import { parse, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Element, Node } from '../dom';
import { findElement, walk } from '../dom';
import { NO_TAB_GROUPS } from '../tab-groups';
import { walkContent } from '../walk-content';
import { enterNode, exitNode } from './handlers';
import { enterList } from './list';
import type { Container } from './walk-context';
import { createWalkContext } from './walk-context';

const PAGE = 'https://example.com/';

function contextFor(html: string) {
  const fragment = parseFragment(html);
  const context = createWalkContext(fragment, PAGE, new Map(), NO_TAB_GROUPS, (root, a, groups) =>
    walkContent(root, PAGE, a, groups),
  );
  return { fragment, context };
}

/** Walks the fragment through the dispatch table, as walkContent does. */
function walkFragment(html: string) {
  const { fragment, context } = contextFor(html);
  walk(
    fragment,
    (node) => enterNode(context, node),
    (node) => exitNode(context, node),
  );
  return context.blocks;
}

describe('enterList', () => {
  it('registers a numbered list with its start and gives its items its id', () => {
    const { fragment, context } = contextFor('<ol start="4" class="breadcrumb"><li>x</li></ol>');
    const ol = findElement(fragment, (e) => e.tagName === 'ol') as Element;
    const container: Container = { tag: 'ol' };
    expect(enterList(context, ol, container)).toBe(false);
    expect(container).toEqual({ tag: 'ol', listId: 1 });
    expect(context.lists).toEqual([
      { id: 1, ordered: true, counter: 4, breadcrumb: true, inline: false },
    ]);
    context.containers.push(container);
    const li = findElement(fragment, (e) => e.tagName === 'li') as Element;
    const item: Container = { tag: 'li' };
    expect(enterList(context, li, item)).toBe(false);
    expect(item).toEqual({ tag: 'li', listId: 1 });
  });

  it('makes a list of titled items an item container', () => {
    const { fragment, context } = contextFor('<ul><li><h3>Post</h3></li></ul>');
    const ul = findElement(fragment, (e) => e.tagName === 'ul') as Element;
    const container: Container = { tag: 'ul' };
    enterList(context, ul, container);
    expect(container).toEqual({ tag: 'div' });
    const li = findElement(fragment, (e) => e.tagName === 'li') as Element;
    const item: Container = { tag: 'li' };
    expect(enterList(context, li, item)).toBe(true);
    expect(item).toEqual({ tag: 'div' });
    expect(context.items).toEqual([{ held: [], headed: false }]);
  });
});

describe('lists through the dispatch table', () => {
  it('joins the items of one list into one list block, numbered from its start', () => {
    expect(walkFragment('<ol start="3"><li>One<li><i>Two</i></ol>')).toEqual([
      {
        kind: 'list',
        ordered: true,
        start: 3,
        items: [[{ text: 'One' }], [{ text: 'Two', em: true }]],
      },
    ]);
  });

  it('keeps a list the original showed in a row a row, centred where it was', () => {
    // Measured by the probe: the page's body says it was, so classes are not read.
    const measured = walkContent(
      parse(
        '<html><body data-sitelift-align="left"><ul data-sitelift-inline><li><a href="/1">1</a></li><li><a href="/2">2</a></li></ul>' +
          '<div data-sitelift-align="center"><ul data-sitelift-inline><li>a</li><li>b</li></ul></div>' +
          '<ul class="list-inline"><li>x</li><li>y</li></ul></body></html>',
      ) as Node,
      PAGE,
      new Map(),
    ).blocks;
    expect(measured.map((block) => block.kind === 'list' && [block.inline, block.align])).toEqual([
      [true, undefined],
      [true, 'center'],
      [undefined, undefined],
    ]);
    // Without a browser, its kind says so: a pager, page arrows; not a list of words.
    for (const row of [
      '<ul><li><a href="/p1">«</a></li><li><a href="/p1">1</a></li><li><a href="/p2">2</a></li><li><a href="/p2">»</a></li></ul>',
      '<ul><li><a href="/p1">‹</a></li><li><a href="/p3">›</a></li></ul>',
    ])
      expect(walkFragment(row)).toMatchObject([{ kind: 'list', inline: true }]);
    for (const column of [
      '<ul class="pagination"><li>Apples</li><li>Pears</li></ul>',
      '<ul><li><a href="/a">About us</a></li><li><a href="/b">Contact</a></li></ul>',
      '<ul><li>1</li><li>2</li></ul>',
    ])
      expect(walkFragment(column)[0]).not.toHaveProperty('inline', true);
  });

  it("moves what comes before a titled item's heading after it", () => {
    expect(walkFragment('<ul><li><p>May 1</p><h3>Post</h3><p>Body</p></li></ul>')).toEqual([
      { kind: 'heading', level: 3, inlines: [{ text: 'Post' }] },
      { kind: 'paragraph', inlines: [{ text: 'May 1' }] },
      { kind: 'paragraph', inlines: [{ text: 'Body' }] },
    ]);
  });
});
