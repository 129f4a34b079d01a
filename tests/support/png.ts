import { deflateSync } from 'node:zlib';

/**
 * A PNG encoder for the files tests and scripts need (node has none): 8-bit RGB or RGBA, no filtering. One encoder,
 * so the chunk layout and its CRC are written in one place.
 */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG colour type by channels per pixel: 3 is truecolour (2), 4 truecolour with alpha (6). */
const colourType = { 3: 2, 4: 6 } as const;

/** A PNG of `pixels`: `width × height` pixels row by row, `channels` bytes each (RGB or RGBA). */
export function encodePng(width: number, height: number, channels: 3 | 4, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colourType[channels], 0, 0, 0], 8);
  const rowLength = width * channels;
  // Each row starts with its filter type, 0 (none).
  const rows = Buffer.alloc((rowLength + 1) * height);
  for (let y = 0; y < height; y += 1) rows.set(pixels.subarray(y * rowLength, (y + 1) * rowLength), y * (rowLength + 1) + 1);
  return Buffer.concat([pngSignature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** An RGB PNG whose every pixel has the colour `colourAt` answers for it. */
export function rgbPng(width: number, height: number, colourAt: (x: number, y: number) => readonly [number, number, number]): Buffer {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) pixels.set(colourAt(x, y), (y * width + x) * 3);
  }
  return encodePng(width, height, 3, pixels);
}
