import { describe, expect, it } from 'vitest';
import {
  centredCover,
  coverRegion,
  dragCover,
  exportCover,
  MAX_ZOOM,
  outputSize,
  zoomCover,
  type DrawCanvas,
} from './cover-crop';

const wide = { width: 1600, height: 900 };
const tall = { width: 600, height: 1000 };

function standIn(blobType: string | null = 'image/jpeg') {
  const drawn: unknown[][] = [];
  const canvas: DrawCanvas & { encodedAs?: string } = {
    width: 0,
    height: 0,
    getContext: () => ({ drawImage: (...args: unknown[]) => drawn.push(args) }) as unknown as CanvasRenderingContext2D,
    toBlob(callback, type) {
      canvas.encodedAs = type;
      callback(blobType ? new Blob([new Uint8Array(8)], { type: blobType }) : null);
    },
  };
  return { canvas, drawn };
}

describe('the cover crop', () => {
  it('starts with the largest centred 4:3 frame the image holds', () => {
    expect(coverRegion(wide, centredCover(wide))).toEqual({ x: 200, y: 0, width: 1200, height: 900 });
    expect(coverRegion(tall, centredCover(tall))).toEqual({ x: 0, y: 275, width: 600, height: 450 });
  });

  it('zooms around the centre, within 1–4', () => {
    expect(coverRegion(wide, zoomCover(wide, centredCover(wide), 2))).toEqual({
      x: 500,
      y: 225,
      width: 600,
      height: 450,
    });
    expect(zoomCover(wide, centredCover(wide), 9).zoom).toBe(MAX_ZOOM);
    expect(zoomCover(wide, centredCover(wide), 0.2).zoom).toBe(1);
  });

  it('moves the frame against the drag, scaled to the frame, and never out of the image', () => {
    // The 1200-pixel region fills a 480-pixel frame: a drag of 10 is 25 image pixels.
    expect(coverRegion(wide, dragCover(wide, centredCover(wide), -10, 0, 480))).toMatchObject({ x: 225, y: 0 });
    expect(coverRegion(wide, dragCover(wide, centredCover(wide), 10_000, 10_000, 480))).toMatchObject({ x: 0, y: 0 });
    const zoomed = zoomCover(wide, centredCover(wide), 2);
    expect(coverRegion(wide, dragCover(wide, zoomed, -10_000, -10_000, 480))).toEqual({
      x: 1000,
      y: 450,
      width: 600,
      height: 450,
    });
  });

  it('exports at most 960 × 720, whole pixels', () => {
    expect(outputSize({ x: 0, y: 0, width: 1200, height: 900 })).toEqual({ width: 960, height: 720 });
    expect(outputSize({ x: 0, y: 0, width: 401.3, height: 301 })).toEqual({ width: 401, height: 301 });
  });

  it('draws the region into the export canvas and gives a JPEG file named after the chosen one', async () => {
    const { canvas, drawn } = standIn();
    const image = {} as CanvasImageSource;
    const file = await exportCover(canvas, image, { x: 200, y: 0, width: 1200, height: 900 }, 'sunset.png');
    expect(drawn).toEqual([[image, 200, 0, 1200, 900, 0, 0, 960, 720]]);
    expect([canvas.width, canvas.height, canvas.encodedAs]).toEqual([960, 720, 'image/jpeg']);
    expect([file.name, file.type]).toEqual(['sunset.jpg', 'image/jpeg']);
  });

  it('fails without a 2d canvas or an encoded image', async () => {
    const region = { x: 0, y: 0, width: 4, height: 3 };
    await expect(
      exportCover({ ...standIn().canvas, getContext: () => null }, {} as CanvasImageSource, region, 'a.png'),
    ).rejects.toThrow('no 2d canvas');
    await expect(exportCover(standIn(null).canvas, {} as CanvasImageSource, region, 'a.png')).rejects.toThrow(
      'the canvas gave no image',
    );
  });
});
