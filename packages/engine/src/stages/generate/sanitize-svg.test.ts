import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './sanitize-svg';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A logo as editors write them: XML declaration, DOCTYPE with entities, Inkscape metadata, styles,
 * gradients, a clip path, a filter, a symbol drawn with <use>, text and a link. */
const BENIGN = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
  <!ENTITY ns_svg "http://www.w3.org/2000/svg">
  <!ENTITY ns_xlink "http://www.w3.org/1999/xlink">
]>
<svg xmlns="&ns_svg;" xmlns:xlink="&ns_xlink;" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
  width="240" height="120" viewBox="0 0 240 120">
  <style>.band { fill: url(#sky); } text { font: bold 22px sans-serif; }</style>
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="240" y2="0" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#0b5fff"/><stop offset="1" stop-color="#ff7a00"/>
    </linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="#fff6a0"/><stop offset="1" stop-color="#ffb000"/></radialGradient>
    <clipPath id="round"><circle cx="60" cy="60" r="40"/></clipPath>
    <filter id="soft"><feGaussianBlur stdDeviation="2"/><feOffset dx="2" dy="2"/></filter>
    <symbol id="star" viewBox="0 0 10 10"><path d="M5 0 6.2 3.8 10 3.8 7 6.2 8 10 5 7.6 2 10 3 6.2 0 3.8 3.8 3.8z"/></symbol>
  </defs>
  <rect class="band" width="240" height="120" inkscape:label="background"/>
  <g clip-path="url(#round)" filter="url(#soft)"><rect x="10" y="10" width="100" height="100" fill="url(#sun)"/></g>
  <use xlink:href="#star" x="150" y="10" width="40" height="40" style="fill:#ffffff;opacity:0.9"/>
  <use href="#star" x="195" y="20" width="30" height="30" fill="#222"/>
  <a href="https://example.com/"><text x="120" y="100" fill="#fff">Bakery</text></a>
  <path d="M0 118 H240" stroke="#000" stroke-width="4" stroke-dasharray="8 4"/>
</svg>
`;

const HOSTILE = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20" onload="window.__pwned=1">
  <script>window.__pwned=1</script>
  <script xlink:href="https://evil.example/x.js"/>
  <rect width="20" height="20" fill="red" onclick="window.__pwned=1" onmouseover="alert(1)"/>
  <a href="javascript:alert(1)"><text y="10">a</text></a>
  <a xlink:href="JaVaScRiPt:alert(1)"><text y="20">b</text></a>
  <foreignObject width="20" height="20"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>
  <use href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+"/>
  <use xlink:href="https://evil.example/sprite.svg#a"/>
  <animate attributeName="href" values="javascript:alert(1)"/>
  <set attributeName="onmouseover" to="alert(1)"/>
  <iframe src="javascript:alert(1)"/>
  <handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler>
</svg>`;

async function toPixels(svg: Uint8Array): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 96 }).ensureAlpha().raw().toBuffer();
}

describe('sanitizeSvg', () => {
  it('draws a benign SVG exactly as before (same pixels through librsvg)', async () => {
    const before = encode(BENIGN);
    const after = await sanitizeSvg(before);
    const [a, b] = await Promise.all([toPixels(before), toPixels(after)]);
    expect(b.length).toBe(a.length);
    expect(Buffer.compare(a, b)).toBe(0);
    // The drawing did not become trivially empty on both sides.
    expect(new Set(a).size).toBeGreaterThan(10);
    const text = decode(after);
    expect(text).toContain('<use xlink:href="#star"');
    expect(text).toContain('<linearGradient');
    expect(text).not.toContain('inkscape:label');
  });

  it('removes scripts, handlers, javascript: links, foreignObject and outside references', async () => {
    const text = decode(await sanitizeSvg(encode(HOSTILE)));
    expect(text).not.toMatch(/<script|<foreignObject|<iframe|<handler/i);
    expect(text).not.toMatch(/\son[a-z]+=/i);
    expect(text).not.toMatch(/javascript:|data:image\/svg|evil\.example/i);
    expect(text).not.toMatch(/<animate|<set/);
    // What is harmless stays.
    expect(text).toContain('<rect width="20" height="20" fill="red"/>');
    expect(text).toContain('<text y="10">a</text>');
    // Still an SVG image.
    const meta = await sharp(Buffer.from(text)).metadata();
    expect(meta).toMatchObject({ format: 'svg', width: 20, height: 20 });
  });

  it('keeps animations of shapes, drops those of links', async () => {
    const text = decode(
      await sanitizeSvg(
        encode(
          '<svg xmlns="http://www.w3.org/2000/svg"><circle r="5"><animate attributeName="r" values="5;9;5" dur="1s" repeatCount="indefinite"/><set attributeName="fill" to="red" begin="1s"/></circle><a><animate attributeName="xlink:href" to="javascript:alert(1)"/></a></svg>',
        ),
      ),
    );
    expect(text).toContain(
      '<animate attributeName="r" values="5;9;5" dur="1s" repeatCount="indefinite"/>',
    );
    expect(text).toContain('<set attributeName="fill" to="red" begin="1s"/>');
    expect(text).not.toContain('javascript:');
  });

  it.each([
    ['not XML', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'],
    ['not in the SVG namespace', '<svg><script>alert(1)</script></svg>'],
    ['HTML', '<html><body><script>alert(1)</script></body></html>'],
    ['binary', '\u001f\u008b\u0008'],
  ])('turns a file that is %s into an empty SVG', async (_, input) => {
    expect(decode(await sanitizeSvg(encode(input)))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    );
  });
});
