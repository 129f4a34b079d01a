import type { Area } from 'react-easy-crop';
import { profilePictureSide } from '@/lib/contract/profile-picture';

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = source;
  });
}

/** The chosen square of the image, drawn at 300×300 (spec 03 §9) and exported as PNG bytes for the upload. */
export async function cropToSquare(source: string, area: Area, side = profilePictureSide): Promise<Blob> {
  const image = await loadImage(source);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas available.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be exported.'))), 'image/png');
  });
}
