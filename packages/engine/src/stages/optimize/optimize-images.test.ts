import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageRef, SitePlan } from '../../model';
import type { LogEvent, RawAsset, RawPage, RawSite } from '../../types';
import { extractSite } from '../extract/extract-site';
import { toRawPage } from '../generate/testing/load-fixture';
import { MAX_IMAGE_WIDTH, optimizeImages } from './optimize-images';
import { planSite } from '../plan/plan-site';
import { STRATEGIES, toFlatBlocks } from '../../model';
import { STRATEGY_PROFILES } from '../../model/strategy-profiles';

const ORIGIN = 'http://photos.example';

function page(url: string, body: string): RawPage {
  return toRawPage(
    url,
    `<html><head><title>Studio Lens</title><link rel="icon" href="/favicon.png"></head>
      <body><img src="/logo.gif" alt="Studio Lens" class="logo">${body}</body></html>`,
    0,
  );
}

async function asset(file: string, image: Sharp): Promise<RawAsset> {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  const types: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' };
  return {
    url: `${ORIGIN}/${file}`,
    contentType: types[info.format] ?? `image/${info.format}`,
    body: new Uint8Array(data),
    width: info.width,
    height: info.height,
  };
}

/** A photo: smooth gradients with grain, which PNG stores badly and lossy WebP well. */
function photo(width: number, height: number): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = ((x * 7919 + y * 104729) % 23) - 11;
      pixels[i] = Math.max(0, Math.min(255, Math.round((x / width) * 200) + 30 + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, Math.round((y / height) * 180) + 40 + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, 120 + grain));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

function flat(width: number, height: number, background: string): Sharp {
  return sharp({ create: { width, height, channels: 3, background } });
}

async function buildSite(): Promise<RawSite> {
  const frame = (colour: string) => flat(40, 40, colour).png().toBuffer();
  const assets = await Promise.all([
    asset('wide.png', photo(2400, 1200).png()),
    asset('small.jpg', photo(640, 480).jpeg({ quality: 95 })),
    // EXIF orientation 6: stored 300 x 200, shown 200 x 300.
    asset('rotated.jpg', photo(300, 200).jpeg({ quality: 90 }).withMetadata({ orientation: 6 })),
    // Already a small WebP: re-encoding it would not save anything.
    asset('thumb.webp', photo(320, 240).webp({ quality: 30 })),
    asset(
      'spinner.gif',
      sharp(await Promise.all([frame('#ff0000'), frame('#0000ff')]), {
        join: { animated: true },
      }).gif(),
    ),
    asset('logo.gif', flat(360, 120, '#1e40af').gif()),
    asset('favicon.png', photo(64, 64).png()),
  ]);
  assets.push({
    url: `${ORIGIN}/vector.svg`,
    contentType: 'image/svg+xml',
    body: new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    ),
    width: 10,
    height: 10,
  });
  assets.push({
    url: `${ORIGIN}/broken.png`,
    contentType: 'image/png',
    body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
    width: 50,
    height: 50,
  });
  const images = [
    ['wide.png', 'The studio at dusk'],
    ['small.jpg', 'A portrait'],
    ['rotated.jpg', 'A tall photo'],
    ['thumb.webp', 'A thumbnail'],
    ['spinner.gif', 'Loading'],
    ['vector.svg', 'A square'],
    ['broken.png', 'Broken'],
  ]
    .map(([file, alt]) => `<p><img src="/${file}" alt="${alt}"></p>`)
    .join('\n');
  return {
    startUrl: `${ORIGIN}/`,
    finalUrl: `${ORIGIN}/`,
    pages: [
      page(`${ORIGIN}/`, `<h1>Studio Lens</h1><p>Portraits and weddings since 1988.</p>${images}`),
      page(
        `${ORIGIN}/about.html`,
        `<h1>About</h1><p>The same photo on a second page.</p><p><img src="/wide.png" alt="Again"></p><p><a href="/wide.png">The full picture</a></p>`,
      ),
    ],
    stylesheets: [],
    assets,
    diagnostics: [],
    notRead: [],
  };
}

function imagesOf(plan: SitePlan): ImageRef[] {
  return plan.pages.flatMap((p) =>
    p.sections.flatMap((section) =>
      toFlatBlocks(section.blocks).flatMap((block) =>
        block.kind === 'image' ? [block.image] : [],
      ),
    ),
  );
}

describe('optimizeImages', () => {
  let plan: SitePlan;
  let result: Awaited<ReturnType<typeof optimizeImages>>;
  const logs: LogEvent[] = [];

  beforeAll(async () => {
    const site = await buildSite();
    plan = planSite(extractSite(site), { strategy: 'INCREMENTAL_UPDATE' });
    result = await optimizeImages(plan, { logger: { log: (event) => logs.push(event) } });
  });

  const assetAt = (plan: SitePlan, path: string | undefined) =>
    plan.assets.find((asset) => asset.path === path);
  const imageAlt = (alt: string) => imagesOf(result.plan).find((image) => image.alt === alt)!;

  it('re-encodes a wide PNG photo as WebP no wider than the cap, and updates every reference', async () => {
    const wide = imageAlt('The studio at dusk');
    expect(wide.src).toMatch(/^\/images\/wide-[0-9a-f]+\.webp$/);
    expect(wide).toMatchObject({ width: MAX_IMAGE_WIDTH, height: MAX_IMAGE_WIDTH / 2 });
    // The same image on the second page points at the same new file.
    expect(imageAlt('Again')).toMatchObject({ src: wide.src, width: 1600, height: 800 });
    const file = assetAt(result.plan, wide.src.slice(1))!;
    expect(file.contentType).toBe('image/webp');
    const meta = await sharp(file.body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    const before = plan.assets.find((a) => a.url === `${ORIGIN}/wide.png`)!;
    expect(file.body.byteLength).toBeLessThan(before.body.byteLength / 4);
    expect(
      result.plan.assets.some((a) => a.path.endsWith('.png') && a.url.endsWith('wide.png')),
    ).toBe(false);
  });

  it('moves a link to a re-encoded picture with it, so the link leads somewhere (issue 24)', () => {
    const wide = imageAlt('The studio at dusk');
    const before = JSON.stringify(plan.pages).match(/"href":"(\/images\/wide-[0-9a-f]+\.png)"/);
    expect(before?.[1]).toBeDefined();
    const hrefs = [...JSON.stringify(result.plan.pages).matchAll(/"href":"([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(hrefs).toContain(wide.src);
    expect(hrefs).not.toContain(before?.[1]);
  });

  it('makes narrower WebP copies of large pictures for srcset, never of the logo or favicon', async () => {
    const wide = imageAlt('The studio at dusk').src.slice(1);
    const copies = result.plan.imageVariants?.[wide];
    expect(copies?.map((copy) => copy.width)).toEqual([480, 960]);
    expect(copies?.[0]?.path).toMatch(/^images\/wide-[0-9a-f]+-480w\.webp$/);
    const file = assetAt(result.plan, copies![1]!.path)!;
    expect(await sharp(file.body).metadata()).toMatchObject({
      format: 'webp',
      width: 960,
      height: 480,
    });
    // 640 px wide: a 480 px copy only (960 would be wider than the picture).
    const small = imageAlt('A portrait').src.slice(1);
    expect(result.plan.imageVariants?.[small]?.map((copy) => copy.width)).toEqual([480]);
    const variantKeys = Object.keys(result.plan.imageVariants ?? {});
    expect(variantKeys).not.toContain(result.plan.identity.logoPath);
    expect(variantKeys).not.toContain(result.plan.identity.faviconPath);
    // Too narrow for a copy: the thumbnail and the rotated photo.
    expect(variantKeys).not.toContain(imageAlt('A thumbnail').src.slice(1));
  });

  it('converts a JPEG when WebP saves bytes, keeping its size', () => {
    const small = imageAlt('A portrait');
    expect(small).toMatchObject({ width: 640, height: 480 });
    expect(small.src).toMatch(/\.webp$/);
  });

  it('shows an EXIF-rotated photo upright, at its rotated size', async () => {
    const rotated = imageAlt('A tall photo');
    expect(rotated).toMatchObject({ width: 200, height: 300 });
    const meta = await sharp(assetAt(result.plan, rotated.src.slice(1))!.body).metadata();
    expect(meta.autoOrient).toEqual({ width: 200, height: 300 });
  });

  it('encodes a palette GIF logo losslessly and moves the logo path with it', async () => {
    const logoPath = result.plan.identity.logoPath!;
    expect(plan.identity.logoPath).toMatch(/\.gif$/);
    expect(logoPath).toMatch(/\.webp$/);
    const logo = assetAt(result.plan, logoPath)!;
    const { data, info } = await sharp(logo.body).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 360, height: 120 });
    // Lossless: every pixel is exactly the original colour.
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += info.channels)
      colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    expect([...colours]).toEqual(['30,64,175']);
  });

  it('keeps the favicon, SVG, animated GIF, an image that would not shrink, and one that does not decode', () => {
    const kept = (suffix: string) => {
      const original = plan.assets.find((a) => a.url.endsWith(suffix))!;
      const after = result.plan.assets.find((a) => a.url.endsWith(suffix))!;
      expect(after.path).toBe(original.path);
      expect(after.body).toBe(original.body);
    };
    kept('/favicon.png');
    kept('/vector.svg');
    kept('/spinner.gif');
    kept('/thumb.webp');
    kept('/broken.png');
    expect(result.plan.identity.faviconPath).toBe(plan.identity.faviconPath);
    expect(imageAlt('Loading').src).toMatch(/\.gif$/);
    expect(logs.some((event) => event.level === 'DEBUG' && event.message.includes('broken'))).toBe(
      true,
    );
  });

  it('reports what it changed and logs the saving', () => {
    expect(result.optimized.map((item) => item.path.replace(/-[0-9a-f]+\./, '.')).sort()).toEqual([
      'images/logo.gif',
      'images/rotated.jpg',
      'images/small.jpg',
      'images/wide.png',
    ]);
    for (const item of result.optimized) expect(item.bytesAfter).toBeLessThan(item.bytesBefore);
    expect(logs).toContainEqual({
      level: 'INFO',
      message: expect.stringMatching(/^Optimised 4 of 7 images: \d+ KB → \d+ KB$/),
    });
  });

  it('is deterministic and leaves the input plan untouched', async () => {
    const again = await optimizeImages(plan);
    expect(again.plan.assets.map((a) => [a.path, Buffer.from(a.body).toString('base64')])).toEqual(
      result.plan.assets.map((a) => [a.path, Buffer.from(a.body).toString('base64')]),
    );
    expect(imagesOf(plan).find((image) => image.alt === 'Again')).toMatchObject({
      src: expect.stringMatching(/\.png$/),
      width: 2400,
    });
  });

  it('returns the same plan when there is nothing to optimise', async () => {
    const bare = { ...plan, assets: plan.assets.filter((a) => a.contentType === 'image/svg+xml') };
    const out = await optimizeImages(bare);
    expect(out.plan).toBe(bare);
    expect(out.optimized).toEqual([]);
  });
});

describe("optimizeImages and the original's background pictures (issue 23)", () => {
  it('re-encodes a page picture as WebP, moves its stylesheet reference and makes no copies of it', async () => {
    const site = await buildSite();
    const texture = await asset('stone.png', photo(1800, 900).png());
    const model = extractSite({ ...site, assets: [...site.assets, texture] });
    const picture = {
      image: { src: texture.url, alt: '', asset: texture.url, width: 1800, height: 900 },
      repeat: 'repeat',
      size: '1800px 900px',
      position: '0% 0%',
      attachment: 'scroll' as const,
      color: '#7f7f7f',
    };
    const keeps = STRATEGIES.find((strategy) => STRATEGY_PROFILES[strategy].keepsOriginalLayout)!;
    const plan = planSite(
      { ...model, identity: { ...model.identity, backgrounds: { page: picture } } },
      { strategy: keeps },
    );
    const before = plan.design.tokens.backgrounds?.page?.src;
    expect(before).toMatch(/^\/images\/stone-[0-9a-f]+\.png$/);
    const { plan: optimized } = await optimizeImages(plan);
    const page = optimized.design.tokens.backgrounds?.page;
    expect(page?.src).toMatch(/^\/images\/stone-[0-9a-f]+\.webp$/);
    // Drawn at the original's tile size whatever the file's width now is.
    expect(page).toMatchObject({ size: '1800px 900px', width: MAX_IMAGE_WIDTH });
    const file = optimized.assets.find((a) => `/${a.path}` === page?.src)!;
    expect(file.contentType).toBe('image/webp');
    expect(Object.keys(optimized.imageVariants ?? {})).not.toContain(page!.src.slice(1));
  });
});
