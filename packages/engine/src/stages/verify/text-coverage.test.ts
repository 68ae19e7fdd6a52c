import { describe, expect, it } from 'vitest';
import {
  checkRequiredSnippets,
  measureRouteCoverage,
  toCollapsedText,
  toRouteSlug,
  toTextCoverage,
} from './text-coverage';

describe('text coverage', () => {
  it('collapses whitespace, including non-breaking spaces, before comparing', () => {
    expect(toCollapsedText('  Hello\n\t world\u00a0 again ')).toBe('Hello world again');
    const coverage = measureRouteCoverage(
      '/',
      ['Hello   world', 'again'],
      'Hello\nworld\u00a0again',
    );
    expect(coverage).toEqual({ route: '/', total: 2, found: 2, missing: [] });
  });

  it('is case-sensitive and counts a block when the rendered text contains it', () => {
    const coverage = measureRouteCoverage(
      '/a',
      ['CHEAT CODES', 'Cheat', 'codes and more'],
      'Cheat codes',
    );
    expect(coverage.found).toBe(1);
    expect(coverage.missing).toEqual(['CHEAT CODES', 'codes and more']);
  });

  it('does not count the date and time a script stamped on the page as words of the site', () => {
    const coverage = measureRouteCoverage(
      '/legal',
      ['Copyright © 2000-2004 The Foundation. - Last Published: 11/24/2026 03:30:16', 'Legal'],
      'Legal\nCopyright © 2000-2004 The Foundation. - Last Published: 11/24/2026 03:30:10',
    );
    expect(coverage).toMatchObject({ total: 2, found: 2, missing: [] });
    expect(
      measureRouteCoverage('/legal', ['© 2003 The Foundation'], '© 2004 The Foundation').missing,
    ).toEqual(['© 2003 The Foundation']);
  });

  it('ignores empty blocks and weighs every block of every route equally', () => {
    const routes = [
      measureRouteCoverage('/', ['a', ' ', 'b'], 'a b'),
      measureRouteCoverage('/x', ['c', 'd'], 'nothing'),
    ];
    expect(routes[0]?.total).toBe(2);
    expect(toTextCoverage(routes)).toBe(0.5);
    expect(toTextCoverage([])).toBe(1);
  });

  it('checks required snippets on their route, or on any route when none is given', () => {
    const rendered = new Map([
      ['/', 'Welcome home'],
      ['/about', 'About   us'],
    ]);
    const result = checkRequiredSnippets(
      [
        { text: 'About us' },
        { text: 'About us', route: '/' },
        { text: 'Welcome', route: '/' },
        { text: 'Missing' },
      ],
      rendered,
    );
    expect(result).toEqual({ kept: 2, total: 4, missing: ['About us', 'Missing'] });
  });

  it('turns routes into file-name-safe slugs', () => {
    expect(toRouteSlug('/')).toBe('index');
    expect(toRouteSlug('/about/team/')).toBe('about-team');
    expect(toRouteSlug('/a b?x=1')).toBe('a-b');
  });
});
