import { imageSize } from 'image-size';

/** Pixel dimensions of an image. */
export interface ImageSize {
  width: number;
  height: number;
}

const ascii = (b: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...b.subarray(start, start + length));

function toPixels(value: string | undefined): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i.exec(value ?? '');
  return match ? Math.round(Number(match[1])) : undefined;
}

function readSvgSize(b: Uint8Array): ImageSize | undefined {
  const text = new TextDecoder().decode(b.subarray(0, 4096));
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!tag) return undefined;
  const attribute = (name: string): string | undefined =>
    new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const width = toPixels(attribute('width'));
  const height = toPixels(attribute('height'));
  if (width && height) return { width, height };
  const viewBox = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (viewBox && viewBox.length === 4 && viewBox.every(Number.isFinite)) {
    const [, , boxWidth = 0, boxHeight = 0] = viewBox;
    if (boxWidth > 0 && boxHeight > 0) {
      // One given dimension keeps the viewBox's aspect ratio.
      if (width) return { width, height: Math.round((width * boxHeight) / boxWidth) };
      if (height) return { width: Math.round((height * boxWidth) / boxHeight), height };
      return { width: Math.round(boxWidth), height: Math.round(boxHeight) };
    }
  }
  return undefined;
}

/** The image format of some bytes, by their magic number, or undefined when not a known image. */
export function sniffImageType(b: Uint8Array): string | undefined {
  if (b[0] === 0x89 && ascii(b, 1, 3) === 'PNG') return 'image/png';
  if (ascii(b, 0, 4) === 'GIF8') return 'image/gif';
  if (b[0] === 0xff && b[1] === 0xd8) return 'image/jpeg';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(b, 0, 2) === 'BM') return 'image/bmp';
  if (b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0) return 'image/x-icon';
  if (/<svg\b/i.test(new TextDecoder().decode(b.subarray(0, 1024)))) return 'image/svg+xml';
  return undefined;
}

/**
 * The pixel size of a raster image by image-size; for an ICO, its largest picture. Undefined when its
 * header cannot be read.
 */
function readRasterSize(bytes: Uint8Array): ImageSize | undefined {
  try {
    const read = imageSize(bytes);
    let best: ImageSize | undefined;
    for (const { width, height } of read.images ?? [read]) {
      if (!best || width * height > best.width * best.height) best = { width, height };
    }
    return best;
  } catch {
    return undefined;
  }
}

/**
 * Reads an image's pixel size from its header (PNG, GIF, JPEG, WebP, BMP, ICO by image-size; SVG by
 * hand); undefined when unknown. Only the formats sniffImageType knows are read: image-size knows
 * more (TIFF, PSD, ...) that no browser shows in a page. SVG stays hand-written: image-size converts
 * units (em, cm, ...) and percentages differently from how we size an inline SVG (px or unitless
 * width/height, else the viewBox), and the sizes are in the generated projects (the goldens).
 */
export function readImageSize(bytes: Uint8Array): ImageSize | undefined {
  const type = sniffImageType(bytes);
  if (type === undefined) return undefined;
  const size = type === 'image/svg+xml' ? readSvgSize(bytes) : readRasterSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}
