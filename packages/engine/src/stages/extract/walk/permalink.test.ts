import { describe, expect, it } from 'vitest';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';
import { plainText } from '../../../model/blocks';

const INTRO = '<h1>Widget docs</h1><p>How to set the widget up and use it day to day.</p>';

function pageOf(body: string) {
  const html = `<!doctype html><html lang="en"><head><title>Docs</title></head><body><main>${INTRO}${body}</main></body></html>`;
  return extractSite(toRawSite(html, 'http://docs.example/guide.html')).pages[0]!;
}

/** Each section as its heading's text and its blocks' text (links shown as `text->href`). */
function sectionsOf(body: string) {
  return pageOf(body).sections.map((section) => ({
    id: section.id,
    heading: section.heading ? plainText(section.heading.inlines) : undefined,
    blocks: section.blocks.map((block) =>
      'inlines' in block
        ? block.inlines.map((run) => (run.href ? `${run.text}->${run.href}` : run.text)).join('')
        : block.kind,
    ),
  }));
}

describe('a heading permalink mark (issue 23)', () => {
  it('drops a pilcrow after the heading text, keeping the heading and its id as a link target', () => {
    const page = pageOf(
      '<h2 id="install">Install<a class="headerlink" href="#install" title="Permalink to this heading">¶</a></h2><p>Run the installer.</p>',
    );
    const install = page.sections.find(
      (section) => section.heading && plainText(section.heading.inlines) === 'Install',
    );
    expect(install?.heading?.inlines).toEqual([{ text: 'Install' }]);
    expect(install?.blocks).toEqual([
      { kind: 'paragraph', inlines: [{ text: 'Run the installer.' }] },
    ]);
    expect(page.anchors['install']).toBe(install?.id);
    expect(page.textBlocks).toContain('Install');
    expect(page.textBlocks.join(' ')).not.toContain('¶');
  });

  it('drops a hash mark of another shape: before the text, another class, pointing at the section', () => {
    const sections = sectionsOf(
      '<section id="usage"><h3><a href="#usage" class="anchor" aria-hidden="true">#</a> Usage</h3><p>Call it.</p></section>' +
        '<div id="faq-wrap"><h3 id="faq">FAQ <a href="#faq-wrap" class="hash-link"><span class="visually-hidden">Link to this section</span>🔗</a></h3><p>Ask away.</p></div>',
    );
    expect(sections.slice(1)).toEqual([
      { id: 'usage', heading: 'Usage', blocks: ['Call it.'] },
      { id: 'faq', heading: 'FAQ', blocks: ['Ask away.'] },
    ]);
  });

  it('drops a mark right beside its heading, one drawn by an icon only, and an emoji anchor', () => {
    const sections = sectionsOf(
      '<div class="h"><h2 id="setup">Setup</h2><a href="#setup" aria-label="Permalink: Setup">§</a></div><p>Plug it in.</p>' +
        '<h2 id="care">Care <a href="#care"><i class="fa fa-link"></i></a></h2><p>Dust it.</p>' +
        '<h2 id="store">Store <a href="#store">⚓️</a></h2><p>Keep it dry.</p>',
    );
    expect(sections.slice(1)).toEqual([
      { id: 'setup', heading: 'Setup', blocks: ['Plug it in.'] },
      { id: 'care', heading: 'Care', blocks: ['Dust it.'] },
      { id: 'store', heading: 'Store', blocks: ['Keep it dry.'] },
    ]);
  });

  it('keeps links with words, footnote numbers, "Back to top" and a mark pointing elsewhere', () => {
    const page = pageOf(
      '<h2 id="shop">Our shop</h2><p>Voted <a href="#awards">#1 in town</a> twice.<sup><a href="#fn1">1</a></sup></p>' +
        '<p><a href="#top">Back to top</a></p>' +
        '<h2 id="hours">Hours <a href="#shop">#</a></h2><p>Nine to five.</p>',
    );
    const text = page.textBlocks.join(' | ');
    expect(text).toContain('Voted #1 in town twice.1');
    expect(text).toContain('Back to top');
    const sections = page.sections.map((section) => ({
      heading: section.heading ? plainText(section.heading.inlines) : undefined,
      blocks: section.blocks.map((block) => ('inlines' in block ? block.inlines : block.kind)),
    }));
    expect(sections[1]).toEqual({
      heading: 'Our shop',
      blocks: [
        [
          { text: 'Voted ' },
          { text: '#1 in town', href: 'http://docs.example/guide.html#awards' },
          { text: ' twice.' },
          { text: '1', href: 'http://docs.example/guide.html#fn1' },
        ],
        [{ text: 'Back to top', href: 'http://docs.example/guide.html#top' }],
      ],
    });
    // A symbol whose fragment names another heading is a link the author wrote: kept.
    expect(sections[2]?.heading).toBe('Hours #');
  });
});
