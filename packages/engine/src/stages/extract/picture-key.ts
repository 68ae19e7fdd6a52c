/**
 * Which picture an image shows (issue 23): the same bytes fetched under two URLs (`photo.jpg` and
 * `photo.jpg?v=2`, a CDN copy) are one picture. Pure: bytes in, a short name of them out.
 */
import type { AssetIndex } from './walk/walk-context';

/** A name of an asset's bytes: their length and their FNV-1a hash (32 bit), as `1234:9f3a0c11`. */
export function toPictureKey(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (const byte of bytes) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${bytes.length}:${hash.toString(16).padStart(8, '0')}`;
}

/** The picture behind a resolved image URL: its bytes' name when fetched, else the URL without its fragment. */
export function pictureOf(src: string, assets: AssetIndex): string {
  return assets.get(src)?.picture ?? src.replace(/#.*$/, '');
}
