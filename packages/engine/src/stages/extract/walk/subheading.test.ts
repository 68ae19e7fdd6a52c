import { describe, expect, it } from 'vitest';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';
import { plainText } from '../../../model/blocks';

function blocksOf(body: string) {
  const html = `<!doctype html><html lang="en"><head><title>Blog</title></head><body>${body}</body></html>`;
  const page = extractSite(toRawSite(html)).pages[0]!;
  return page.sections.flatMap((section) => [
    ...(section.heading ? [{ kind: 'heading', text: plainText(section.heading.inlines) }] : []),
    ...section.blocks.map((block) =>
      'inlines' in block
        ? { kind: block.kind, text: plainText(block.inlines) }
        : { kind: block.kind },
    ),
  ]);
}

describe('a subheading in <small> inside the h1 (issue 22)', () => {
  const STORY =
    '<p>Stories of a small bakery and the people who keep its oven burning every day.</p>';

  it('keeps the h1 its own words and the small text a paragraph of its own', () => {
    const blocks = blocksOf(
      `<div class="page-header"><h1>Clean Blog <small>A Blog Theme by a Bakery</small></h1></div>${STORY}`,
    );
    expect(blocks).toContainEqual({ kind: 'heading', text: 'Clean Blog' });
    expect(blocks).toContainEqual({ kind: 'paragraph', text: 'A Blog Theme by a Bakery' });
    expect(
      blocks.some((block) => 'text' in block && block.text?.includes('Clean Blog A Blog')),
    ).toBe(false);
  });

  it('leaves a <small> that is the whole heading, or one in other text, inline', () => {
    expect(blocksOf(`<h1><small>Only small</small></h1>${STORY}`)).toContainEqual({
      kind: 'heading',
      text: 'Only small',
    });
    expect(blocksOf(`<p>Open daily <small>(closed on Mondays)</small></p>${STORY}`)).toContainEqual(
      {
        kind: 'paragraph',
        text: 'Open daily (closed on Mondays)',
      },
    );
  });
});
