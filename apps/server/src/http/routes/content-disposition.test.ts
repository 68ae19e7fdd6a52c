import { validateHeaderValue } from 'node:http';
import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { contentDispositionFor } from './projects.routes';

/** The download's Content-Disposition (DESIGN §4: `{name or project}.zip`, RFC 6266). */
describe('contentDispositionFor', () => {
  it('names a plain project `{name}.zip` in a quoted filename', () => {
    expect(contentDispositionFor('Van Dijk Fietsen')).toBe(
      'attachment; filename="Van Dijk Fietsen.zip"',
    );
  });

  it('falls back to project.zip for an empty name', () => {
    // A token-safe name needs no quotes (RFC 6266 allows either).
    expect(contentDispositionFor('  ')).toBe('attachment; filename=project.zip');
  });

  it.each([
    ['non-ASCII', 'Café Zoë 日本', 'Café Zoë 日本.zip', 'Caf_ Zo_ __.zip'],
    ['a quote', 'The "Best" Shop', 'The "Best" Shop.zip', 'The "Best" Shop.zip'],
    ['a newline', 'Line one\nline two', 'Line one\nline two.zip', 'Line one_line two.zip'],
    ['slashes', 'AC/DC \\ more', 'AC_DC _ more.zip', 'AC_DC _ more.zip'],
  ])('keeps a name with %s whole and the header valid', (_case, name, full, fallback) => {
    const header = contentDispositionFor(name);
    // A legal header value: ASCII only, no CR/LF (Node would throw on send otherwise).
    expect(() => validateHeaderValue('content-disposition', header)).not.toThrow();
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    const parsed = parse(header);
    expect(parsed.type).toBe('attachment');
    // `parse` prefers filename* (the UTF-8 name) when present, as RFC 6266 clients do.
    expect(parsed.parameters.filename).toBe(full);
    const plain = /filename="((?:[^"\\]|\\.)*)"/.exec(header)?.[1]?.replace(/\\(.)/g, '$1');
    expect(plain).toBe(fallback);
  });
});
