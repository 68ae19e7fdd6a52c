import { describe, expect, it } from 'vitest';
import { decodeHtml, prescanMetaCharset } from './decode-html';

const latin1 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'latin1'));
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('decodeHtml', () => {
  it('reads a page without any declared charset as windows-1252 (Dutch 1998 homepage)', () => {
    // "één", "ideën" and a curly quote (0x92: only in windows-1252, not ISO-8859-1).
    const bytes = latin1(
      '<html><body><p>\xe9\xe9n idee\xebn, Wouter\x92s pagina</p></body></html>',
    );
    const decoded = decodeHtml(bytes, 'text/html');
    expect(decoded).toMatchObject({
      charset: 'windows-1252',
      source: 'default',
      hasInvalidBytes: false,
    });
    expect(decoded.html).toContain('één ideeën, Wouter’s pagina');
  });

  it('uses the charset of the Content-Type header', () => {
    const decoded = decodeHtml(latin1('<p>caf\xe9</p>'), 'text/html; charset=ISO-8859-1');
    expect(decoded).toMatchObject({ charset: 'windows-1252', source: 'http' });
    expect(decoded.html).toBe('<p>café</p>');
    expect(decodeHtml(utf8('<p>café</p>'), 'text/html; charset="utf-8"').html).toBe('<p>café</p>');
  });

  it('lets a byte-order mark win over the header', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('<p>één</p>')]);
    const decoded = decodeHtml(bytes, 'text/html; charset=windows-1252');
    expect(decoded).toMatchObject({ charset: 'utf-8', source: 'bom' });
    expect(decoded.html).toBe('<p>één</p>');
  });

  it('finds <meta charset> and <meta http-equiv> in the first 1024 bytes', () => {
    const meta = decodeHtml(utf8('<head><meta charset="utf-8"><title>één</title>'), 'text/html');
    expect(meta).toMatchObject({ charset: 'utf-8', source: 'meta' });
    expect(meta.html).toContain('één');
    const httpEquiv = decodeHtml(
      latin1(
        '<head><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-15"><p>\xa4</p>',
      ),
      undefined,
    );
    expect(httpEquiv).toMatchObject({ charset: 'iso-8859-15', source: 'meta' });
    expect(httpEquiv.html).toContain('€');
    expect(
      prescanMetaCharset(utf8('<!-- <meta charset="koi8-r"> --><meta charset=shift_jis>')),
    ).toBe('shift_jis');
    expect(prescanMetaCharset(utf8('<meta charset="utf-16">'))).toBe('utf-8');
    expect(prescanMetaCharset(utf8(`${' '.repeat(1100)}<meta charset="koi8-r">`))).toBeUndefined();
  });

  it('ignores an unknown charset label and sniffs valid UTF-8', () => {
    const decoded = decodeHtml(utf8('<p>沈佳士 één</p>'), 'text/html; charset=x-unknown-thing');
    expect(decoded).toMatchObject({ charset: 'utf-8', source: 'sniffed-utf-8' });
    expect(decoded.html).toBe('<p>沈佳士 één</p>');
  });

  it('decodes mixed encodings without failing: invalid UTF-8 falls back to windows-1252', () => {
    const mixed = new Uint8Array([...utf8('<p>één '), ...latin1('caf\xe9</p>')]);
    const decoded = decodeHtml(mixed, 'text/html');
    expect(decoded.charset).toBe('windows-1252');
    expect(decoded.html).toContain('café');
  });

  it('flags bytes that are invalid in the declared charset and replaces them', () => {
    const decoded = decodeHtml(latin1('<p>caf\xe9</p>'), 'text/html; charset=utf-8');
    expect(decoded).toMatchObject({ charset: 'utf-8', hasInvalidBytes: true });
    expect(decoded.html).toBe('<p>caf\uFFFD</p>');
  });
});
