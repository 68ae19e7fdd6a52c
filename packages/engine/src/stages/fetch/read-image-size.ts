/** Pixel dimensions of an image. */
export interface ImageSize {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, i: number): number => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number): number => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number): number => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number): number => u16be(b, i) * 0x10000 + u16be(b, i + 2);
const i32le = (b: Uint8Array, i: number): number => u16le(b, i) | (u16le(b, i + 2) << 16);
const ascii = (b: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...b.subarray(start, start + length));

function readJpegSize(b: Uint8Array): ImageSize | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    // Standalone markers carry no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      i += 2;
      continue;
    }
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) hold the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    i += 2 + u16be(b, i + 2);
  }
  return undefined;
}

function readWebpSize(b: Uint8Array): ImageSize | undefined {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === 'VP8L') {
    const b1 = b[21] ?? 0;
    const b2 = b[22] ?? 0;
    const b3 = b[23] ?? 0;
    const b4 = b[24] ?? 0;
    return {
      width: 1 + (((b2 & 0x3f) << 8) | b1),
      height: 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)),
    };
  }
  if (chunk === 'VP8X') return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
  return undefined;
}

function readIcoSize(b: Uint8Array): ImageSize | undefined {
  const count = u16le(b, 4);
  let best: ImageSize | undefined;
  for (let index = 0; index < count && 6 + index * 16 + 1 < b.length; index++) {
    const width = b[6 + index * 16] || 256;
    const height = b[7 + index * 16] || 256;
    if (!best || width * height > best.width * best.height) best = { width, height };
  }
  return best;
}

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

/** Reads an image's pixel size from its header (PNG, GIF, JPEG, WebP, BMP, ICO, SVG); undefined when unknown. */
export function readImageSize(bytes: Uint8Array): ImageSize | undefined {
  const type = sniffImageType(bytes);
  let size: ImageSize | undefined;
  switch (type) {
    case 'image/png':
      size =
        ascii(bytes, 12, 4) === 'IHDR'
          ? { width: u32be(bytes, 16), height: u32be(bytes, 20) }
          : undefined;
      break;
    case 'image/gif':
      size = { width: u16le(bytes, 6), height: u16le(bytes, 8) };
      break;
    case 'image/jpeg':
      size = readJpegSize(bytes);
      break;
    case 'image/webp':
      size = readWebpSize(bytes);
      break;
    case 'image/bmp':
      size = { width: Math.abs(i32le(bytes, 18)), height: Math.abs(i32le(bytes, 22)) };
      break;
    case 'image/x-icon':
      size = readIcoSize(bytes);
      break;
    case 'image/svg+xml':
      size = readSvgSize(bytes);
      break;
    default:
      size = undefined;
  }
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}
