import { rgbPng } from './png';

/** Small files of each kind, made here from their formats, for upload tests in every tier. */

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
  return new Uint8Array(rgbPng(width, height, () => rgb));
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
