import type { SquareRect } from './crop-geometry';

/** The side of the square image that is uploaded; the server makes its own sizes from it. */
export const AVATAR_OUTPUT_SIZE = 512;

type CropContext = Pick<CanvasRenderingContext2D, 'drawImage' | 'imageSmoothingEnabled' | 'imageSmoothingQuality'>;

/** What the drawing needs of a canvas (a real one in browsers, a small fake in tests). */
export interface CropCanvas {
  width: number;
  height: number;
  getContext(contextId: '2d'): CropContext | null;
  toBlob(callback: BlobCallback, type?: string, quality?: number): void;
}

/**
 * Draws the crop of `image` onto the canvas at `outputSize` × `outputSize` and encodes it: WebP
 * where the browser can, PNG otherwise (a browser that cannot write WebP answers PNG by itself).
 */
export function drawCrop(
  canvas: CropCanvas,
  image: CanvasImageSource,
  rect: SquareRect,
  outputSize = AVATAR_OUTPUT_SIZE,
): Promise<Blob> {
  canvas.width = outputSize;
  canvas.height = outputSize;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2d canvas'));
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, rect.x, rect.y, rect.size, rect.size, 0, 0, outputSize, outputSize);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no image'))), 'image/webp', 0.92);
  });
}

/** `avatar.webp` or `avatar.png`, after what the canvas actually wrote. */
export function avatarFileName(blob: Blob): string {
  return blob.type === 'image/webp' ? 'avatar.webp' : 'avatar.png';
}
