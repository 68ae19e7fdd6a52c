import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './main';

describe('parseCliArgs', () => {
  it('reads modernize <url> with its options', () => {
    const options = parseCliArgs(
      [
        'modernize',
        'https://old.example/',
        '--strategy',
        'full_rebuild',
        '--out',
        'site.zip',
        '--max-pages',
        '7',
        '--unbuilt-links',
        'remove',
        '--lighthouse',
        '--json',
        '--include',
        '/blog/',
        '--exclude',
        '/blog/tag/**',
        '--include',
        '/docs/*.html',
      ],
      {},
      '/work',
    );
    expect(options).toMatchObject({
      url: 'https://old.example/',
      strategy: 'FULL_REBUILD',
      out: '/work/site.zip',
      maxPages: 7,
      include: ['/blog/', '/docs/*.html'],
      exclude: ['/blog/tag/**'],
      unbuiltLinks: 'remove',
      lighthouse: true,
      json: true,
      allowPrivateUrls: false,
    });
  });

  it('defaults the archive name to the host and honours ALLOW_PRIVATE_URLS=true', () => {
    const options = parseCliArgs(
      ['modernize', 'http://127.0.0.1:8080/index.html'],
      { ALLOW_PRIVATE_URLS: 'true' },
      '/tmp',
    );
    expect(options).toMatchObject({
      out: '/tmp/127.0.0.1.zip',
      strategy: 'INCREMENTAL_UPDATE',
      maxPages: 20,
      include: [],
      exclude: [],
      unbuiltLinks: 'keep',
      allowPrivateUrls: true,
    });
  });

  it('shows the help without a command', () => {
    expect(parseCliArgs([], {}, '/')).toBe('help');
    expect(parseCliArgs(['--help'], {}, '/')).toBe('help');
  });

  it('refuses bad command lines with a one-line reason', () => {
    expect(() => parseCliArgs(['modernise', 'x'], {}, '/')).toThrow('Unknown command "modernise"');
    expect(() => parseCliArgs(['modernize'], {}, '/')).toThrow('Missing the website URL');
    expect(() => parseCliArgs(['modernize', 'x', '--max-pages', '501'], {}, '/')).toThrow(
      '--max-pages must be a whole number from 1 to 500',
    );
    expect(parseCliArgs(['modernize', 'x', '--max-pages', '500'], {}, '/')).toMatchObject({
      maxPages: 500,
    });
    expect(() => parseCliArgs(['modernize', 'x', '--unbuilt-links', 'drop'], {}, '/')).toThrow(
      '--unbuilt-links must be keep or remove (got "drop")',
    );
    expect(() => parseCliArgs(['modernize', 'x', '--frobnicate'], {}, '/')).toThrow(/frobnicate/);
  });
});
