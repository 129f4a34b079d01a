import { rgbPng } from '../../support/png';

/** A 24×16 baseline JPEG, made once with an image encoder: the tests need a real JPEG and node has no encoder. */
export const smallJpeg = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAUG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AmgJLUgAP/9k=',
  'base64',
);

/** An RGB PNG of the given size (a plain gradient). */
export function pngImage(width: number, height: number): Buffer {
  return rgbPng(width, height, (x, y) => [(x * 9) & 0xff, (y * 7) & 0xff, 120]);
}
