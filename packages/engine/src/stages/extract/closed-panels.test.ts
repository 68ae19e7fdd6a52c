import { describe, expect, it } from 'vitest';
import { toRawSite } from '../generate/testing/load-fixture';
import { extractSite } from './extract-site';
import { plainText, toFlatBlocks } from '../../model';
import { PROBE_MARKS } from '../../measure/probe-marks';

const URL = 'http://book.example/index.html';
const { closed, toggles } = PROBE_MARKS;

/** A page of a documentation reader: its own words, after what the test puts above them. */
function pageOf(top: string) {
  const page = extractSite(
    toRawSite(
      `<!doctype html><html lang="en"><head><title>Triggers</title></head><body>${top}<main><h1>Apex triggers</h1><p>Write triggers that are easy to test and to change.</p></main></body></html>`,
      URL,
    ),
  ).pages[0]!;
  const shown = page.sections
    .flatMap((section) => [
      ...(section.heading ? [plainText(section.heading.inlines)] : []),
      ...toFlatBlocks(section.blocks).map((block) =>
        'inlines' in block
          ? plainText(block.inlines) || block.inlines.map((run) => run.icon ?? '').join('')
          : block.kind === 'list'
            ? block.items.map((item) => plainText(item)).join(' / ')
            : block.kind,
      ),
    ])
    .filter(Boolean);
  return { page, shown };
}

describe('panels hidden at load that a control opens (issue 23)', () => {
  it('leave out a panel of settings the probe saw hidden, and the button that opened it', () => {
    const { page, shown } = pageOf(
      `<div class="book-header" role="navigation">
        <a class="btn" href="#" ${toggles}="sitelift-closed-1" aria-label="Font Settings"><i class="fa fa-font"></i></a>
        <div class="dropdown-menu" ${closed}="sitelift-closed-1">
          <div class="buttons"><button>A</button><button>A</button></div>
          <div class="buttons"><button>Serif</button><button>Sans</button></div>
          <div class="buttons"><button>White</button><button>Sepia</button><button>Night</button></div>
        </div></div>`,
    );
    expect(shown).toEqual(['Apex triggers', 'Write triggers that are easy to test and to change.']);
    expect(page.textBlocks.join(' ')).not.toMatch(/Serif|Sepia/);
    expect(page.dropped).toContainEqual({
      kind: 'other',
      what: 'Panel of controls hidden at load "A A Serif Sans White Sepia Night"',
      reason:
        'Controls a button opened (settings, a language or account menu): they do nothing in the rebuild',
    });
  });

  it('leave out a language menu the markup hides behind its toggle, captions and all', () => {
    const { shown } = pageOf(
      `<button type="button" aria-expanded="false" aria-controls="lang">Language</button>
      <div id="lang" hidden><span>Choose:</span>
        <ul><li><button>English</button></li><li><button>日本語</button></li></ul></div>
      <button type="button" class="menu-btn" aria-haspopup="true">Display</button>
      <div style="display: none"><label>Font size <select><option>Small</option><option>Large</option></select></label></div>`,
    );
    expect(shown).toEqual(['Apex triggers', 'Write triggers that are easy to test and to change.']);
  });

  it('keep a collapsed answer, a dropdown of pages and a hidden part nothing opens as content', () => {
    const { page, shown } = pageOf(
      `<div class="faq"><button ${toggles}="sitelift-closed-1">How long is the course?</button>
        <div ${closed}="sitelift-closed-1"><p>Two evenings of two hours.</p><button>Close</button></div></div>
      <div><a href="#" ${toggles}="sitelift-closed-2">Chapters</a>
        <ul ${closed}="sitelift-closed-2"><li><a href="/intro.html">Intro</a></li><li><a href="/setup.html">Setup</a></li></ul></div>
      <div hidden><button>Print</button></div>`,
    );
    expect(shown).toEqual(
      expect.arrayContaining([
        'How long is the course?',
        'Two evenings of two hours.',
        'Chapters',
        'Intro / Setup',
        'Print',
      ]),
    );
    expect(page.dropped.filter((entry) => entry.what.startsWith('Panel'))).toEqual([]);
  });
});
