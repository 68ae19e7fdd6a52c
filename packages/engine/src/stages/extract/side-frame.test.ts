import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Node } from './dom';
import { findSideFrame, toFrameWidths } from './side-frame';

describe('toFrameWidths', () => {
  it('reads pixels, percentages and shares of the rest', () => {
    expect(toFrameWidths('26%,*', 1440)).toEqual([374, 1066]);
    expect(toFrameWidths('180, *', 1440)).toEqual([180, 1260]);
    expect(toFrameWidths('1*,3*', 1440)).toEqual([360, 1080]);
    expect(toFrameWidths('200,*,200', 1440)).toEqual([200, 1040, 200]);
  });
});

describe('findSideFrame', () => {
  const page = (cols: string, first = 'menu.html') =>
    parse(
      `<html><frameset cols="${cols}"><frame src="${first}"><frame src="main.html"></frameset></html>`,
    ) as Node;

  it('finds the frame of a narrow first column', () => {
    expect(findSideFrame(page('26%,*'), 'http://x.example/index.html')).toEqual({
      url: 'http://x.example/menu.html',
      side: 'left',
      width: 374,
    });
  });

  it('finds the frame of a narrow last column', () => {
    expect(findSideFrame(page('*,200', 'main.html'), 'http://x.example/')).toMatchObject({
      side: 'right',
      width: 200,
    });
  });

  it('finds none when the columns are even or the frameset is in rows', () => {
    expect(findSideFrame(page('50%,50%'), 'http://x.example/')).toBeUndefined();
    const rows = parse(
      '<html><frameset rows="80,*"><frame src="top.html"><frame src="main.html"></frameset></html>',
    ) as Node;
    expect(findSideFrame(rows, 'http://x.example/')).toBeUndefined();
  });
});

describe('extractSite: a frameset with a narrow menu frame', () => {
  it('keeps the menu frame as the frameset page aside, and marks the frame as its aside', async () => {
    const { loadFixture } = await import('../generate/testing/load-fixture');
    const { extractSite } = await import('./extract-site');
    const model = extractSite(loadFixture('frameset').raw);
    const frameset = model.pages.find((page) => page.url === 'http://frames.example/index.html')!;
    expect(frameset.aside).toMatchObject({ side: 'left', width: 180, isNavigation: true });
    const menu = model.pages.find((page) => page.url.endsWith('/input-pages/menu.html'))!;
    expect(menu.asideOf).toBe(frameset.url);
    // The content frame stays the page's content.
    expect(frameset.sections.some((section) => section.id === 'welcome-to-the-frames-site')).toBe(
      true,
    );
  });
});
