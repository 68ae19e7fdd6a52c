import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  escapeJsComment,
  toCssColor,
  toCssFontStack,
  toMarkdownText,
  toSafeHref,
  toSafeHttpUrl,
  toSafeImageSrc,
  toSafeOrigin,
  toScriptJson,
} from './escape';

const SCRIPT = '"><script>window.__pwned=1</script>';

describe('escapeHtml', () => {
  it('leaves no tag, quote or entity of the value in element content or an attribute', () => {
    const escaped = escapeHtml(`${SCRIPT}' onload='x' &amp;`);
    expect(escaped).toBe(
      '&quot;&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt;&#39; onload=&#39;x&#39; &amp;amp;',
    );
    expect(escaped).not.toMatch(/[<>"']/);
  });
});

describe('toScriptJson', () => {
  it('cannot end or change its <script> element and stays JSON of the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- \u2028\u2029 & -->' };
    const json = toScriptJson(value, 2);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('escapeJsComment', () => {
  it('cannot end a block comment', () => {
    const text = escapeJsComment('Title */ alert(1); /*');
    expect(text).not.toContain('*/');
    // The comment around it still parses as one comment.
    expect(() => new Function(`/** ${text} */`)).not.toThrow();
  });
});

describe('toMarkdownText', () => {
  it('keeps HTML, links, emphasis and table pipes of the value as text, on one line', () => {
    const text = toMarkdownText(`Name ${SCRIPT}\n# [x](javascript:alert(1)) | *a* \`b\``);
    expect(text).not.toContain('\n');
    expect(text).not.toMatch(/(?<!\\)[<>[\]()|*`#]/);
    expect(text).toContain('\\<script\\>');
  });
});

describe('toCssColor', () => {
  it('prints a parsed colour as hex', () => {
    expect(toCssColor('#ABC')).toBe('#aabbcc');
    expect(toCssColor('rgb(255, 0, 0)')).toBe('#ff0000');
    expect(toCssColor('navy')).toBe('#000080');
  });
  it('refuses anything that is not a colour', () => {
    expect(toCssColor('red;}</style><script>alert(1)</script>')).toBeUndefined();
    expect(toCssColor('url(x) ;background:url(javascript:alert(1))')).toBeUndefined();
    expect(toCssColor('expression(alert(1))')).toBeUndefined();
  });
  it('prints nothing but hex digits, whatever it is given', () => {
    for (const value of ['hsl(0, 100%, 50%);}</style><script>', 'rgb(1,2,3) url(x)', '#fff;x'])
      expect(toCssColor(value) ?? '#000000', value).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('toCssFontStack', () => {
  it('keeps a real font stack as it is', () => {
    const stack =
      'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
    expect(toCssFontStack(stack)).toBe(stack);
  });
  it('quotes family names and keeps only the characters font names use', () => {
    const stack = toCssFontStack('"Foo";}</style><script>alert(1)</script>, Bar Baz, serif')!;
    expect(stack).toBe('"Foostylescriptalert1script", "Bar Baz", serif');
    expect(toCssFontStack('a\\"b\nc, url(javascript:x)')).toBe('"abc", "urljavascriptx"');
  });
  it('gives undefined when no family is left', () => {
    expect(toCssFontStack('"";,<>')).toBeUndefined();
  });
});

describe('URLs', () => {
  const hostile = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/',
    '/\\evil.example/',
    '/\t/evil.example/',
  ];

  it.each(hostile)('toSafeHref refuses %j', (href) => {
    expect(toSafeHref(href)).toBeUndefined();
  });
  it.each([
    '/about',
    '/images/a.png',
    '#team',
    'https://example.com/a?b=1#c',
    'mailto:a@example.com',
    'tel:+3120',
  ])('toSafeHref keeps %j', (href) => {
    expect(toSafeHref(href)).toBe(href);
  });

  it.each([...hostile, 'mailto:a@example.com', 'data:image/png;base64,AAAA'])(
    'toSafeHttpUrl refuses %j',
    (url) => {
      expect(toSafeHttpUrl(url)).toBeUndefined();
    },
  );

  it('toSafeImageSrc keeps self-hosted, http(s) and data: image sources only', () => {
    expect(toSafeImageSrc('/images/a.webp')).toBe('/images/a.webp');
    expect(toSafeImageSrc('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(toSafeImageSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    for (const src of [...hostile, 'data:text/html;base64,AAAA', 'data:image/x-evil,AAAA'])
      expect(toSafeImageSrc(src), src).toBeUndefined();
  });

  it('toSafeOrigin keeps scheme, host and port of an http(s) URL only', () => {
    expect(toSafeOrigin('https://example.com:8080/a"><script>\nDisallow: /')).toBe(
      'https://example.com:8080',
    );
    expect(toSafeOrigin('javascript:alert(1)')).toBeUndefined();
    expect(toSafeOrigin('https://exa mple.com')).toBeUndefined();
  });
});
