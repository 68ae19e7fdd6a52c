import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { filesOfZip, isText, repositoryNameFor } from './deploy.service';

describe('deploy helpers', () => {
  it('names the repository <name lower-cased, spaces to hyphens>-modernized-<6 digits of the time>', () => {
    expect(repositoryNameFor('My Cool  Site', 1_795_467_428_429)).toBe(
      'my-cool-site-modernized-428429',
    );
    expect(repositoryNameFor('Café & Bar!', 1_000_000_000_123)).toBe('caf-bar-modernized-000123');
    expect(repositoryNameFor('!!!', 123_456_789)).toBe('site-modernized-456789');
    const long = repositoryNameFor('a'.repeat(300), 1_795_467_428_429);
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long).toMatch(/^[A-Za-z0-9._-]+-modernized-\d{6}$/);
  });

  it('tells text (valid UTF-8 without NUL) from binary', () => {
    expect(isText(new TextEncoder().encode('héllo ✓\n'))).toBe(true);
    expect(isText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
    expect(isText(new Uint8Array([0x61, 0x00, 0x62]))).toBe(false);
    expect(isText(new Uint8Array([0xc3, 0x28]))).toBe(false);
  });

  it("strips the zip's one root folder and skips folders and unsafe paths", () => {
    const zip = zipSync({
      'My Site/': new Uint8Array(),
      'My Site/index.html': new TextEncoder().encode('<h1>x</h1>'),
      'My Site/src/main.tsx': new TextEncoder().encode('main'),
    });
    expect(filesOfZip(zip).map((file) => file.path)).toEqual(['index.html', 'src/main.tsx']);
    const flat = zipSync({ 'a.txt': new Uint8Array([97]), 'b/c.txt': new Uint8Array([98]) });
    expect(filesOfZip(flat).map((file) => file.path)).toEqual(['a.txt', 'b/c.txt']);
    const unsafe = zipSync({
      'x/../../evil': new Uint8Array([1]),
      'x/.git/config': new Uint8Array([1]),
      'y/ok': new Uint8Array([1]),
    });
    expect(filesOfZip(unsafe).map((file) => file.path)).toEqual(['y/ok']);
  });
});
