import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Node } from '../dom';
import { walkContent } from '../walk-content';

const PAGE = 'https://example.com/';

function walkBody(body: string) {
  return walkContent(parse(`<html><body>${body}</body></html>`) as Node, PAGE, new Map());
}

describe('icons and buttons in the walk', () => {
  it('turns icon-font glyphs into icon runs, keeping a stacked icon once and an icon on its own', () => {
    const { blocks, textBlocks } = walkBody(`
      <div><span class="fa-stack fa-4x"><i class="fa fa-circle fa-stack-2x"></i><i class="fa fa-laptop fa-stack-1x fa-inverse"></i></span>
      <h4>Responsive Design</h4></div>
      <p><i class="fa fa-envelope-o"></i> Write to us</p>
      <ul class="social"><li><a href="https://twitter.com/acme"><i class="fa fa-twitter"></i></a></li></ul>
      <p><span class="glyphicon glyphicon-earphone"></span>&#xf095; Call</p>`);
    expect(blocks).toEqual([
      { kind: 'paragraph', inlines: [{ text: '', icon: 'fas:laptop' }] },
      { kind: 'heading', level: 4, inlines: [{ text: 'Responsive Design' }] },
      { kind: 'paragraph', inlines: [{ text: '', icon: 'far:envelope' }, { text: 'Write to us' }] },
      {
        kind: 'list',
        ordered: false,
        items: [[{ text: '', icon: 'fab:twitter', href: 'https://twitter.com/acme' }]],
      },
      { kind: 'paragraph', inlines: [{ text: '', icon: 'fas:phone' }, { text: 'Call' }] },
    ]);
    // Icons are no words: text coverage does not count them.
    expect(textBlocks).toEqual(['Responsive Design', 'Write to us', 'Call']);
  });

  it('marks links drawn as buttons, as measured in the browser or as their classes say', () => {
    const { blocks } = walkBody(`
      <p><a href="/start" class="btn btn-xl">Tell Me More</a></p>
      <p><a href="/more" class="btn btn-default">Learn More</a> <a href="/x" class="btn btn-link">plain</a></p>
      <p><a href="/go" data-sitelift-button="primary">Go</a> and <a href="/read">read</a></p>
      <p><a href="#" class="btn btn-default">Learn More</a></p>`);
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        inlines: [{ text: 'Tell Me More', href: 'https://example.com/start', button: 'primary' }],
      },
      {
        kind: 'paragraph',
        inlines: [
          { text: 'Learn More', href: 'https://example.com/more', button: 'secondary' },
          { text: ' ' },
          { text: 'plain', href: 'https://example.com/x' },
        ],
      },
      {
        kind: 'paragraph',
        inlines: [
          { text: 'Go', href: 'https://example.com/go', button: 'primary' },
          { text: ' and ' },
          { text: 'read', href: 'https://example.com/read' },
        ],
      },
      { kind: 'paragraph', inlines: [{ text: 'Learn More', button: 'secondary' }] },
    ]);
  });
});
