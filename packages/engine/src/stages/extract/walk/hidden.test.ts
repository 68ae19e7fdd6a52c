import { describe, expect, it } from 'vitest';
import { extractSite } from '../extract-site';
import { toRawSite } from '../../generate/testing/load-fixture';

function texts(body: string): string {
  const html = `<html><body><main><h1>Talks</h1><p>Visible words.</p>${body}</main></body></html>`;
  return extractSite(toRawSite(html)).pages[0]!.textBlocks.join(' | ');
}

describe('isHiddenElement', () => {
  it('skips what a script announced to screen readers (a live region)', () => {
    const result = texts(
      '<div aria-live="polite" aria-atomic="true">Talks | Jane Doe. Page loaded successfully</div>',
    );
    expect(result).toContain('Visible words.');
    expect(result).not.toContain('Page loaded successfully');
  });

  it('skips text moved off the page by its inline style', () => {
    const result = texts(
      '<div style="position:absolute; left:-10000px; width:1px; height:1px; overflow:hidden">Announcement</div>',
    );
    expect(result).not.toContain('Announcement');
  });

  it('keeps a region whose live announcements are off, and text merely indented', () => {
    const result = texts(
      '<div aria-live="off">Ticker words</div><p style="text-indent: -12px; padding-left: 12px">Hanging indent</p>',
    );
    expect(result).toContain('Ticker words');
    expect(result).toContain('Hanging indent');
  });
});
