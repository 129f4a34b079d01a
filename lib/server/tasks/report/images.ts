/**
 * A picture react-pdf embeds as it is: JPEG bytes go in unchanged, PNG bytes are re-packed by pdfkit. The document
 * hands react-pdf the bare Buffer: given {data, format} it would key its module-wide image cache on the whole
 * picture in base64, seconds of work and tens of megabytes kept after the answer for twenty photos.
 */
export interface EmbeddableImage {
  data: Buffer;
  format: 'jpg' | 'png';
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Start-of-frame markers carry the picture's size; C4, C8 and CC share the range but are something else. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/**
 * A JPEG whose markers can be walked up to a frame header with a size: what pdfkit needs to embed it. A file
 * that only starts like a JPEG would make the whole render fail, so it is listed instead of shown.
 */
function isUsableJpeg(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = (bytes[offset + 2] << 8) | bytes[offset + 3];
    if (length < 2) return false;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return false;
      const height = (bytes[offset + 5] << 8) | bytes[offset + 6];
      const width = (bytes[offset + 7] << 8) | bytes[offset + 8];
      return width > 0 && height > 0;
    }
    offset += 2 + length;
  }
  return false;
}

/** A PNG with its header chunk and a size; the pixel data itself is checked by the PNG decoder. */
function isUsablePng(bytes: Uint8Array): boolean {
  if (bytes.length < 33 || !pngSignature.every((byte, index) => bytes[index] === byte)) return false;
  const chunkType = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return chunkType === 'IHDR' && view.getUint32(16) > 0 && view.getUint32(20) > 0;
}

/** The bytes as an image the PDF can carry, or null for anything else (GIF, BMP, TIFF, PDF, a broken file...). */
export function embeddableImage(bytes: Uint8Array): EmbeddableImage | null {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isUsableJpeg(bytes)) return { data, format: 'jpg' };
  if (isUsablePng(bytes)) return { data, format: 'png' };
  return null;
}
