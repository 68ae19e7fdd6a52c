import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readImageSize, sniffImageType } from './read-image-size';

function png(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return new Uint8Array(Buffer.concat([header, deflateSync(Buffer.alloc(1))]));
}

function gif(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(13);
  bytes.write('GIF89a', 0, 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return new Uint8Array(bytes);
}

function jpeg(width: number, height: number): Uint8Array {
  // SOI, an APP0 segment to skip, then SOF0 with the size.
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [
    0xff,
    0xc0,
    0x00,
    0x11,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

function webpVp8x(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'latin1');
  bytes.write('WEBP', 8, 'latin1');
  bytes.write('VP8X', 12, 'latin1');
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return new Uint8Array(bytes);
}

describe('readImageSize', () => {
  it('reads PNG, GIF, JPEG and WebP headers', () => {
    expect(readImageSize(png(640, 480))).toEqual({ width: 640, height: 480 });
    expect(readImageSize(gif(88, 31))).toEqual({ width: 88, height: 31 });
    expect(readImageSize(jpeg(1024, 768))).toEqual({ width: 1024, height: 768 });
    expect(readImageSize(webpVp8x(3000, 2000))).toEqual({ width: 3000, height: 2000 });
  });

  it('reads SVG width/height or its viewBox', () => {
    const svg = (attributes: string): Uint8Array =>
      new TextEncoder().encode(`<?xml version="1.0"?><svg ${attributes}></svg>`);
    expect(readImageSize(svg('width="120" height="40px"'))).toEqual({ width: 120, height: 40 });
    expect(readImageSize(svg('viewBox="0 0 535 300"'))).toEqual({ width: 535, height: 300 });
    expect(readImageSize(svg('width="100%" viewBox="0,0,20,10"'))).toEqual({
      width: 20,
      height: 10,
    });
    expect(readImageSize(svg('width="200" viewBox="0 0 20 10"'))).toEqual({
      width: 200,
      height: 100,
    });
  });

  it('returns undefined for bytes that are not an image', () => {
    expect(readImageSize(new TextEncoder().encode('<html></html>'))).toBeUndefined();
    expect(readImageSize(new Uint8Array([0xff, 0xd8, 0xff]))).toBeUndefined();
    expect(sniffImageType(new Uint8Array(0))).toBeUndefined();
  });
});
