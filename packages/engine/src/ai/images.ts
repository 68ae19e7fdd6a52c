/**
 * Pictures for a model (issue 25): a vision model is shown a small PNG or JPEG, never the
 * original's full-size file — fewer tokens, and one format every provider takes.
 */
import sharp from 'sharp';
import type { AiImage } from './types';

/**
 * The picture scaled to fit `maxWidth` × `maxHeight` (never enlarged; `top`: the top of a tall
 * screenshot, cut at `maxHeight` after scaling to `maxWidth`) as JPEG; undefined when it cannot be
 * read.
 */
export async function toModelImage(
  bytes: Uint8Array,
  options: { maxWidth: number; maxHeight: number; top?: boolean },
): Promise<AiImage | undefined> {
  try {
    let image = sharp(bytes, { failOn: 'none', animated: false }).rotate();
    if (options.top === true) {
      const resized = await image
        .resize({ width: options.maxWidth, withoutEnlargement: true })
        .png()
        .toBuffer({ resolveWithObject: true });
      const height = Math.min(resized.info.height, options.maxHeight);
      image = sharp(resized.data).extract({ left: 0, top: 0, width: resized.info.width, height });
    } else {
      image = image.resize({
        width: options.maxWidth,
        height: options.maxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      });
    }
    const data = await image.flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer();
    return { data: new Uint8Array(data), mediaType: 'image/jpeg' };
  } catch {
    return undefined;
  }
}

/** A picture's size in pixels, undefined when it cannot be read. */
export async function imageSize(
  bytes: Uint8Array,
): Promise<{ width: number; height: number } | undefined> {
  try {
    const meta = await sharp(bytes, { failOn: 'none' }).metadata();
    return meta.width !== undefined && meta.height !== undefined
      ? { width: meta.width, height: meta.height }
      : undefined;
  } catch {
    return undefined;
  }
}
