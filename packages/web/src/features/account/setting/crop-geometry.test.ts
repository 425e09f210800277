import { describe, expect, it } from 'vitest';
import { centredCrop, dragBy, keepInside, MAX_ZOOM, sourceRect, viewPlacement, zoomTo } from './crop-geometry';

const LANDSCAPE = { width: 800, height: 600 };
const PORTRAIT = { width: 300, height: 900 };

describe('the crop geometry', () => {
  it('starts with the largest centred square', () => {
    expect(sourceRect(LANDSCAPE, centredCrop(LANDSCAPE))).toEqual({ x: 100, y: 0, size: 600 });
    expect(sourceRect(PORTRAIT, centredCrop(PORTRAIT))).toEqual({ x: 0, y: 300, size: 300 });
  });

  it('zooms around the centre and keeps the zoom between 1 and 4', () => {
    const crop = zoomTo(LANDSCAPE, centredCrop(LANDSCAPE), 2);
    expect(sourceRect(LANDSCAPE, crop)).toEqual({ x: 250, y: 150, size: 300 });
    expect(zoomTo(LANDSCAPE, crop, 9).zoom).toBe(MAX_ZOOM);
    expect(zoomTo(LANDSCAPE, crop, 0.2).zoom).toBe(1);
  });

  it('moves the picture with the drag: dragging right shows more of the left', () => {
    const zoomed = zoomTo(LANDSCAPE, centredCrop(LANDSCAPE), 2);
    // 300 image pixels in a 280-pixel view: 140 view pixels are 150 image pixels.
    expect(sourceRect(LANDSCAPE, dragBy(LANDSCAPE, zoomed, 140, 0, 280))).toEqual({ x: 100, y: 150, size: 300 });
    expect(sourceRect(LANDSCAPE, dragBy(LANDSCAPE, zoomed, 0, -140, 280))).toEqual({ x: 250, y: 300, size: 300 });
  });

  it('never lets the square leave the image', () => {
    const start = centredCrop(LANDSCAPE);
    expect(sourceRect(LANDSCAPE, dragBy(LANDSCAPE, start, 5000, 5000, 280))).toEqual({ x: 0, y: 0, size: 600 });
    expect(sourceRect(LANDSCAPE, dragBy(LANDSCAPE, start, -5000, -5000, 280))).toEqual({ x: 200, y: 0, size: 600 });
    // Zooming out near an edge pulls the square back inside.
    const corner = dragBy(LANDSCAPE, zoomTo(LANDSCAPE, start, 4), -5000, -5000, 280);
    expect(sourceRect(LANDSCAPE, zoomTo(LANDSCAPE, corner, 1))).toEqual({ x: 200, y: 0, size: 600 });
    expect(keepInside(LANDSCAPE, { zoom: 1, centerX: -10, centerY: 999 })).toEqual({
      zoom: 1,
      centerX: 300,
      centerY: 300,
    });
  });

  it('places the whole image so that the square fills the view', () => {
    const crop = zoomTo(LANDSCAPE, centredCrop(LANDSCAPE), 2);
    expect(viewPlacement(LANDSCAPE, crop, 300)).toEqual({ scale: 1, left: -250, top: -150 });
    expect(viewPlacement(LANDSCAPE, centredCrop(LANDSCAPE), 96)).toEqual({ scale: 0.16, left: -16, top: -0 });
  });
});
