import 'server-only';
import { fileTypeFromBuffer } from 'file-type';
import { extensionOf } from '@/lib/contract/task-files';

/** The kinds of upload the product takes; each call names the kinds it accepts. */
export type UploadKind = 'image' | 'pdf' | 'csv';

/** What file-type names by content, per extension the user may give it; both must agree. */
const imageTypes: Record<string, { detected: string; mimeType: string }> = {
  jpg: { detected: 'jpg', mimeType: 'image/jpeg' },
  jpeg: { detected: 'jpg', mimeType: 'image/jpeg' },
  png: { detected: 'png', mimeType: 'image/png' },
  gif: { detected: 'gif', mimeType: 'image/gif' },
  bmp: { detected: 'bmp', mimeType: 'image/bmp' },
  tif: { detected: 'tif', mimeType: 'image/tiff' },
  tiff: { detected: 'tif', mimeType: 'image/tiff' },
};

/** Control bytes that never appear in text: their presence marks a binary file named .csv. */
function looksLikeText(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte < 0x09 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1f && byte !== 0x1b)) return false;
  }
  return true;
}

/** A WAP multi-byte integer: 7 bits per byte, the high bit says another byte follows. */
function readMultiByteInt(bytes: Uint8Array, start: number): { value: number; next: number } | null {
  let value = 0;
  for (let index = start; index < bytes.length && index < start + 4; index += 1) {
    value = value * 128 + (bytes[index] & 0x7f);
    if ((bytes[index] & 0x80) === 0) return { value, next: index + 1 };
  }
  return null;
}

/**
 * WBMP has no magic number, so its header is the proof: type 0, fixed header 0, then width and height, and exactly
 * the bytes those dimensions need (one bit per pixel, rows padded to whole bytes).
 */
export function isWbmp(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0 || bytes[1] !== 0) return false;
  const width = readMultiByteInt(bytes, 2);
  if (!width || width.value < 1) return false;
  const height = readMultiByteInt(bytes, width.next);
  if (!height || height.value < 1) return false;
  return bytes.length - height.next === Math.ceil(width.value / 8) * height.value;
}

async function detectImage(extension: string, bytes: Uint8Array): Promise<string | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (extension === 'wbmp') return !detected && isWbmp(bytes) ? 'image/vnd.wap.wbmp' : null;
  const expected = imageTypes[extension];
  return expected && detected?.ext === expected.detected ? expected.mimeType : null;
}

/**
 * The upload's mime type when its content and its extension agree on one of the accepted kinds, else null.
 * SVG is never accepted: it is a document that can carry scripts, whatever it is named.
 */
export async function detectUploadType(
  filename: string,
  bytes: Uint8Array,
  accepted: readonly UploadKind[],
): Promise<string | null> {
  const extension = extensionOf(filename);
  if (extension === 'svg' || extension === 'svgz') return null;
  if (accepted.includes('image') && extension in imageTypes) return detectImage(extension, bytes);
  if (accepted.includes('image') && extension === 'wbmp') return detectImage(extension, bytes);
  if (accepted.includes('pdf') && extension === 'pdf') {
    return (await fileTypeFromBuffer(bytes))?.ext === 'pdf' ? 'application/pdf' : null;
  }
  if (accepted.includes('csv') && extension === 'csv') {
    return !(await fileTypeFromBuffer(bytes)) && looksLikeText(bytes) ? 'text/csv' : null;
  }
  return null;
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG by its eight signature bytes, whatever it is named (a canvas export has no name of its own). */
export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > pngSignature.length && pngSignature.every((byte, index) => bytes[index] === byte);
}

/** The upload's own name without any folder part or control characters; never used as a storage path. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-255);
  return cleaned === '' ? 'file' : cleaned;
}
