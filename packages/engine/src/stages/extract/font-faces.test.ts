import { describe, expect, it } from 'vitest';
import {
  listFontFaces,
  listGoogleFamilies,
  toFallbackFamilies,
  toFirstFamily,
  toFontRefs,
} from './font-faces';

describe('font faces', () => {
  const faces = listFontFaces([
    {
      url: 'https://example.com/css/site.css',
      css: `/* the site's own */
        @font-face { font-family: 'House Sans'; font-weight: 700; font-style: italic;
          src: url(../fonts/house.eot?#iefix) format("embedded-opentype"), url("../fonts/house.woff2") format('woff2'); }
        body { font-family: "House Sans", sans-serif; }`,
    },
    {
      url: 'https://fonts.googleapis.com/css?family=Montserrat:400,700',
      css: "@font-face { font-family: 'Montserrat'; src: url(https://fonts.gstatic.com/m.ttf) format('truetype'); }",
    },
  ]);

  it('reads @font-face rules with css-tree: family, weight, style and absolute file URLs', () => {
    expect(faces).toEqual([
      {
        family: 'House Sans',
        weight: '700',
        style: 'italic',
        isGoogle: false,
        files: [
          { url: 'https://example.com/fonts/house.eot?#iefix', format: 'embedded-opentype' },
          { url: 'https://example.com/fonts/house.woff2', format: 'woff2' },
        ],
      },
      {
        family: 'Montserrat',
        weight: '400',
        style: 'normal',
        isGoogle: true,
        files: [{ url: 'https://fonts.gstatic.com/m.ttf', format: 'truetype' }],
      },
    ]);
  });

  it('tells self-hosted, Google and system families apart', () => {
    const refs = toFontRefs(
      [toFirstFamily('"House Sans", sans-serif'), 'Montserrat', 'Kaushan Script', 'Tahoma'],
      faces,
      new Set(['https://example.com/fonts/house.woff2', 'https://fonts.gstatic.com/m.ttf']),
      listGoogleFamilies([
        'https://fonts.googleapis.com/css?family=Kaushan+Script|Droid+Serif:400,700',
        'https://fonts.googleapis.com/css2?family=Inter:wght@300;400&family=Roboto+Slab&display=swap',
      ]),
    );
    expect(refs).toEqual([
      {
        family: 'House Sans',
        source: 'self-hosted',
        files: [
          {
            url: 'https://example.com/fonts/house.woff2',
            weight: '700',
            style: 'italic',
            format: 'woff2',
          },
        ],
      },
      {
        family: 'Montserrat',
        source: 'google',
        files: [
          {
            url: 'https://fonts.gstatic.com/m.ttf',
            weight: '400',
            style: 'normal',
            format: 'truetype',
          },
        ],
      },
      { family: 'Kaushan Script', source: 'google' },
      { family: 'Tahoma', source: 'system' },
    ]);
  });

  it('lists the families of both Google Fonts APIs', () => {
    expect(
      listGoogleFamilies([
        'https://fonts.googleapis.com/css2?family=Inter:wght@300;400&family=Roboto+Slab&display=swap',
        'https://example.com/css?family=Not+Google',
      ]),
    ).toEqual(['Inter', 'Roboto Slab']);
  });

  it('reads the named families a stack falls back to after its first (issue 23)', () => {
    expect(toFallbackFamilies('Verdana, Helvetica, sans-serif')).toEqual(['Helvetica']);
    expect(toFallbackFamilies('"Helvetica Neue", Helvetica, Arial, system-ui, sans-serif')).toEqual(
      ['Helvetica', 'Arial'],
    );
    expect(toFallbackFamilies('Georgia')).toEqual([]);
    expect(toFallbackFamilies(undefined)).toEqual([]);
  });
});
