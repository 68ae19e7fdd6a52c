import { describe, expect, it } from 'vitest';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';

function textsOf(body: string): string[] {
  const html = `<!doctype html><html lang="en"><head><title>Shop</title></head><body><main><h1>Shop</h1>${body}</main></body></html>`;
  return extractSite(toRawSite(html, 'http://shop.example/')).pages[0]!.textBlocks;
}

describe('controls side by side (issue 23)', () => {
  it('keeps the words of buttons and labels written without spaces apart', () => {
    // A gallery's filter buttons a script wrote one after the other, and a toolbar's count beside
    // its "per page" label: boxes of their own on the page, never one glued word.
    expect(
      textsOf(
        '<div class="filters"><button>All</button><button>Birds</button><button>Trees</button></div>',
      ),
    ).toContain('All Birds Trees');
    expect(
      textsOf(
        '<div class="toolbar"><span>8 prints</span><label>Prints per page<select><option>20</option></select></label></div>',
      ),
    ).toContain('8 prints Prints per page');
    expect(textsOf('<p>Pick one: <button>Small</button>or<button>Large</button>.</p>')).toContain(
      'Pick one: Small or Large.',
    );
  });

  it('leaves words around other inline elements as written', () => {
    expect(textsOf('<p><span>Foto</span><span>grafie</span> and <b>bold</b>ness</p>')).toContain(
      'Fotografie and boldness',
    );
    // Already apart: no double space.
    expect(textsOf('<div><button>One</button> <button>Two</button></div>')).toContain('One Two');
  });
});
