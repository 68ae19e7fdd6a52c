import { describe, expect, it } from 'vitest';
import { toRawSite } from '../../generate/testing/load-fixture';
import { extractSite } from '../extract-site';

function textsOf(body: string): string[] {
  const html = `<!doctype html><html lang="en"><head><title>Temple</title></head><body><main><h1>Temple</h1>${body}</main></body></html>`;
  return extractSite(toRawSite(html, 'http://temple.example/')).pages[0]!.textBlocks;
}

describe('links side by side', () => {
  it('keeps the words of links with nothing between them apart', () => {
    // A site builder's menu of inline-block links, one after the other in the markup.
    expect(
      textsOf('<p><a class="menu-link">Home</a><a class="menu-link">About</a><a>Contact</a></p>'),
    ).toContain('Home About Contact');
    // Links already apart, and a link inside a word's text, stay as they were.
    expect(textsOf('<p><a href="/a">One</a> <a href="/b">Two</a></p>')).toContain('One Two');
    expect(textsOf('<p>Read the <a href="/faq">FAQ</a>s first.</p>')).toContain(
      'Read the FAQs first.',
    );
  });
});
