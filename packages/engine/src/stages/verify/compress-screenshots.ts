import sharp from 'sharp';
import type { VerifyReport } from '../../types';

/** Quality of the screenshots' lossy WebP: text stays legible at a fifth to a twentieth of the PNG. */
const SCREENSHOT_QUALITY = 80;

/** A screenshot's name once compressed: `before/index-desktop.png` → `before/index-desktop.webp`. */
export function toCompressedName(name: string): string {
  return name.replace(/\.png$/iu, '.webp');
}

async function toWebp(png: Uint8Array): Promise<Uint8Array> {
  const webp = await sharp(png, { failOn: 'error', limitInputPixels: false })
    .webp({ quality: SCREENSHOT_QUALITY })
    .toBuffer();
  return new Uint8Array(webp.buffer, webp.byteOffset, webp.byteLength);
}

/**
 * Verify's screenshots as lossy WebP (decision record 039): the PNGs Chromium takes are what
 * fidelity measures, but shipped as they are they were 12 of a 12.7 MB zip of a 0.7 MB site. Every
 * `.png` becomes a `.webp` of the same name, and the fidelity crops the report names follow; a
 * screenshot that does not decode stays as it was.
 */
export async function compressScreenshots(report: VerifyReport): Promise<VerifyReport> {
  const screenshots: Record<string, Uint8Array> = {};
  const renamed = new Map<string, string>();
  for (const [name, bytes] of Object.entries(report.screenshots)) {
    if (!/\.png$/iu.test(name)) {
      screenshots[name] = bytes;
      continue;
    }
    try {
      const compressed = toCompressedName(name);
      screenshots[compressed] = await toWebp(bytes);
      renamed.set(name, compressed);
    } catch {
      screenshots[name] = bytes;
    }
  }
  const rename = (name: string): string => renamed.get(name) ?? name;
  const fidelity =
    report.fidelity === undefined
      ? undefined
      : {
          ...report.fidelity,
          routes: report.fidelity.routes.map((route) => ({
            ...route,
            worstSections: route.worstSections.map((section) =>
              section.crops === undefined
                ? section
                : {
                    ...section,
                    crops: {
                      before: rename(section.crops.before),
                      after: rename(section.crops.after),
                    },
                  },
            ),
          })),
        };
  return { ...report, screenshots, ...(fidelity === undefined ? {} : { fidelity }) };
}
