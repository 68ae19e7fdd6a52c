import { describe, expect, it } from 'vitest';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';

const PAGE = 'http://docs.example/index.html';

function pageOf(body: string) {
  const html = `<!doctype html><html lang="en"><head><title>Manual</title></head><body>${body}</body></html>`;
  return extractSite(toRawSite(html, PAGE)).pages[0]!;
}

describe('a script template quoting an empty slot is not content (issue 23)', () => {
  it('leaves out a search results panel a script fills, and lists it as not carried', () => {
    const page = pageOf(`<div role="search"><input type="text" placeholder="Search"></div>
      <div id="results">
        <div class="page"><h1>Getting started</h1><p>Install the tool, then run it.</p></div>
        <div class="results">
          <h1><span class="count"></span> results matching "<span class="query"></span>"</h1>
          <ul class="list"></ul>
          <h1>No results matching “<span class="query"></span>”</h1>
        </div>
      </div>`);
    const text = JSON.stringify(page.sections);
    expect(text).toContain('Install the tool, then run it.');
    expect(text).not.toContain('results matching');
    expect(page.dropped.map((item) => item.what)).toContainEqual(
      expect.stringContaining('results matching'),
    );
  });

  it('keeps words that quote a word, or an empty pair of quotes written out', () => {
    const page = pageOf(
      `<h1>Strings</h1><p>Type "<code>npm start</code>" to run it.</p><p>The empty string "" is false.</p>`,
    );
    const text = JSON.stringify(page.sections);
    expect(text).toContain('npm start');
    expect(text).toContain('The empty string');
  });

  it('keeps lines of code whose quotes meet at a line break', () => {
    const page = pageOf(`<h2>Snippets</h2><p><i>Function Greet() As String<br>
      'first comment line<br>
      '<br>
      '    second comment line<br>
      Greet = "hello"<br>End Function</i></p>`);
    const text = JSON.stringify(page.sections);
    expect(text).toContain('Function Greet() As String');
    expect(text).toContain('second comment line');
    expect(page.dropped.map((item) => item.what)).not.toContainEqual(
      expect.stringContaining('Script template'),
    );
  });
});
