import pLimit from 'p-limit';
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

/** A compression's outcome: the WebP, or undefined when the PNG does not decode. */
type Compressed = Promise<Uint8Array | undefined>;

/**
 * Compressions started before compressScreenshots asks for them, by screenshot (the same bytes
 * object): verify starts each as its screenshot comes in, while it renders the other routes.
 */
const started = new WeakMap<Uint8Array, Compressed>();
/**
 * The compressions' queue: one at a time while verify goes on (the build and the rendering need the
 * other core of two), two while compressScreenshots waits for them (nothing else runs then).
 */
const queue = pLimit(1);
const CONCURRENCY_WHILE_WAITED_FOR = 2;

function isPngName(name: string): boolean {
  return /\.png$/iu.test(name);
}

function compress(png: Uint8Array): Compressed {
  return toWebp(png).then(
    (webp) => webp,
    () => undefined,
  );
}

/**
 * Starts compressing a screenshot now, in the background, so that compressScreenshots finds it
 * done: the result is the same, the time is spent while verify waits for pages. A screenshot
 * already started is not started again.
 */
export function startCompressing(png: Uint8Array): void {
  if (!started.has(png))
    started.set(
      png,
      queue(() => compress(png)),
    );
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
  const entries = Object.entries(report.screenshots);
  for (const [name, bytes] of entries) if (isPngName(name)) startCompressing(bytes);
  queue.concurrency = CONCURRENCY_WHILE_WAITED_FOR;
  let outcomes: (Uint8Array | undefined)[];
  try {
    outcomes = await Promise.all(
      entries.map(([name, bytes]) => (isPngName(name) ? started.get(bytes) : undefined)),
    );
  } finally {
    queue.concurrency = 1;
  }
  // In the report's order, whatever order the compressions finished in.
  entries.forEach(([name, bytes], index) => {
    const webp = outcomes[index];
    if (webp === undefined) {
      screenshots[name] = bytes;
      return;
    }
    const compressed = toCompressedName(name);
    screenshots[compressed] = webp;
    renamed.set(name, compressed);
  });
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
