import { describe, expect, it } from 'vitest';
import { avatarFileName, drawCrop, type CropCanvas } from './crop-canvas';

/** A canvas that records what is drawn and encodes it as a blob of the requested type. */
function fakeCanvas(encodedType?: string) {
  const drawn: unknown[][] = [];
  const requested: unknown[] = [];
  const context = {
    imageSmoothingEnabled: false,
    imageSmoothingQuality: 'low' as ImageSmoothingQuality,
    drawImage: (...args: unknown[]) => drawn.push(args),
  };
  const canvas = {
    width: 300,
    height: 150,
    getContext: () => context as unknown as CanvasRenderingContext2D,
    toBlob(callback: BlobCallback, type?: string, quality?: number) {
      requested.push(type, quality);
      callback(new Blob([`${canvas.width}x${canvas.height}`], { type: encodedType ?? type }));
    },
  } satisfies CropCanvas;
  return { canvas, context, drawn, requested };
}

const image = {} as CanvasImageSource;

describe('drawing the crop', () => {
  it('draws the source square onto a 512×512 canvas and encodes it as WebP', async () => {
    const { canvas, context, drawn, requested } = fakeCanvas();
    const blob = await drawCrop(canvas, image, { x: 127.5, y: 20, size: 545 });
    expect([canvas.width, canvas.height]).toEqual([512, 512]);
    expect(drawn).toEqual([[image, 127.5, 20, 545, 545, 0, 0, 512, 512]]);
    expect(context.imageSmoothingQuality).toBe('high');
    expect(requested).toEqual(['image/webp', 0.92]);
    expect(blob.type).toBe('image/webp');
    expect(blob.size).toBe('512x512'.length); // encoded after the canvas took its size
    expect(avatarFileName(blob)).toBe('avatar.webp');
  });

  it('names a PNG as such when the browser cannot write WebP', async () => {
    const { canvas } = fakeCanvas('image/png');
    expect(avatarFileName(await drawCrop(canvas, image, { x: 0, y: 0, size: 10 }, 64))).toBe('avatar.png');
    expect(canvas.width).toBe(64);
  });

  it('fails when there is no 2d context or no image', async () => {
    const { canvas } = fakeCanvas();
    await expect(drawCrop({ ...canvas, getContext: () => null }, image, { x: 0, y: 0, size: 1 })).rejects.toThrow(
      'no 2d canvas',
    );
    await expect(
      drawCrop({ ...canvas, toBlob: (callback) => callback(null) }, image, { x: 0, y: 0, size: 1 }),
    ).rejects.toThrow();
  });
});
