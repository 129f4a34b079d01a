import { deflateSync } from 'node:zlib';

/** Small files of each kind, made here from their formats, for upload tests in every tier. */

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

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A real PNG of one colour, which a browser draws. */
export function pngBytes(width = 48, height = 32, rgb: [number, number, number] = [220, 40, 40]): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const row = new Uint8Array(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  const raw = concat(Array.from({ length: height }, () => row));
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', new Uint8Array(deflateSync(raw))),
    chunk('IEND', new Uint8Array()),
  ]);
}

const ascii = (text: string) => new TextEncoder().encode(text);

export const jpegBytes = () =>
  concat([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), ascii('JFIF\0'), new Uint8Array(64), new Uint8Array([0xff, 0xd9])]);

export const gifBytes = () => concat([ascii('GIF89a'), new Uint8Array([1, 0, 1, 0, 0, 0, 0]), ascii(';')]);

export const bmpBytes = () => concat([ascii('BM'), new Uint8Array(64)]);

/** Little-endian TIFF with one empty IFD. */
export const tiffBytes = () => new Uint8Array([0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

/** A type-0 WBMP of width × height: header, then one bit per pixel with rows padded to bytes. */
export function wbmpBytes(width = 16, height = 2, extra = 0): Uint8Array {
  return concat([new Uint8Array([0, 0, width, height]), new Uint8Array(Math.ceil(width / 8) * height + extra)]);
}

export const pdfBytes = () => concat([ascii('%PDF-1.7\n'), new Uint8Array(64).fill(0x20)]);

/** An ELF executable's header. */
export const elfBytes = () => concat([new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), new Uint8Array(120)]);

/** A Windows PE executable: MZ stub pointing at a PE header. */
export function peBytes(): Uint8Array {
  const bytes = new Uint8Array(256);
  bytes.set(ascii('MZ'));
  new DataView(bytes.buffer).setUint32(0x3c, 0x80, true);
  bytes.set(ascii('PE\0\0'), 0x80);
  return bytes;
}

export const svgWithScript = () =>
  ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>');
