/**
 * Draws the brand mark (a white F on the brand-blue rounded square, as in the top bar) into app/favicon.ico:
 * PNG images of 16, 32 and 48 px inside one ICO file. Run once after changing the mark: npx tsx scripts/draw-favicon.ts
 * The PNGs come from the tests' encoder: this script runs by hand, never in the build, so it may lean on tests/support.
 */
import { writeFileSync } from 'node:fs';
import { encodePng } from '../tests/support/png';

const brand = [0x1f, 0x6f, 0xeb] as const;
const white = [0xff, 0xff, 0xff] as const;

/** The mark on a 32-unit square: the corner radius and the three bars of the F. */
const cornerRadius = 6;
const letterBars = [
  { x0: 10, y0: 7, x1: 14, y1: 25 },
  { x0: 10, y0: 7, x1: 23, y1: 11 },
  { x0: 10, y0: 14, x1: 20, y1: 18 },
];

function insideSquare(x: number, y: number): boolean {
  const cx = Math.min(Math.max(x, cornerRadius), 32 - cornerRadius);
  const cy = Math.min(Math.max(y, cornerRadius), 32 - cornerRadius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= cornerRadius ** 2;
}

const insideLetter = (x: number, y: number) => letterBars.some((bar) => x >= bar.x0 && x < bar.x1 && y >= bar.y0 && y < bar.y1);

/** RGBA pixels of the mark at one size, each pixel averaged over 4×4 samples for smooth edges. */
function render(size: number): Buffer {
  const samples = 4;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let cover = 0;
      let letter = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) * 32) / size;
          const y = ((py + (sy + 0.5) / samples) * 32) / size;
          if (!insideSquare(x, y)) continue;
          cover++;
          if (insideLetter(x, y)) letter++;
        }
      }
      const offset = (py * size + px) * 4;
      const share = cover === 0 ? 0 : letter / cover;
      for (let channel = 0; channel < 3; channel++) {
        pixels[offset + channel] = Math.round(brand[channel] * (1 - share) + white[channel] * share);
      }
      pixels[offset + 3] = Math.round((cover / samples ** 2) * 255);
    }
  }
  return pixels;
}

function ico(sizes: number[]): Buffer {
  const images = sizes.map((size) => encodePng(size, size, 4, render(size)));
  const directory = Buffer.alloc(6 + 16 * sizes.length);
  directory.writeUInt16LE(1, 2);
  directory.writeUInt16LE(sizes.length, 4);
  let offset = directory.length;
  sizes.forEach((size, index) => {
    const entry = 6 + 16 * index;
    directory.writeUInt8(size, entry);
    directory.writeUInt8(size, entry + 1);
    directory.writeUInt16LE(1, entry + 4);
    directory.writeUInt16LE(32, entry + 6);
    directory.writeUInt32LE(images[index].length, entry + 8);
    directory.writeUInt32LE(offset, entry + 12);
    offset += images[index].length;
  });
  return Buffer.concat([directory, ...images]);
}

writeFileSync(new URL('../app/favicon.ico', import.meta.url), ico([16, 32, 48]));
