// The geometry of the avatar crop, without the DOM. The crop is a square inside the image, kept by
// its centre (image pixels) and a zoom: at zoom 1 the square is as large as the image's short side.

export interface Size {
  width: number;
  height: number;
}

export interface Crop {
  zoom: number;
  centerX: number;
  centerY: number;
}

/** The part of the image that becomes the avatar, in image pixels. */
export interface SquareRect {
  x: number;
  y: number;
  size: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
export const ZOOM_STEP = 0.1;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function centredCrop(image: Size): Crop {
  return { zoom: MIN_ZOOM, centerX: image.width / 2, centerY: image.height / 2 };
}

export function sourceRect(image: Size, crop: Crop): SquareRect {
  const size = Math.min(image.width, image.height) / clamp(crop.zoom, MIN_ZOOM, MAX_ZOOM);
  return {
    x: clamp(crop.centerX - size / 2, 0, image.width - size),
    y: clamp(crop.centerY - size / 2, 0, image.height - size),
    size,
  };
}

/** The same crop with its zoom in range and its square inside the image. */
export function keepInside(image: Size, crop: Crop): Crop {
  const zoom = clamp(crop.zoom, MIN_ZOOM, MAX_ZOOM);
  const { x, y, size } = sourceRect(image, { ...crop, zoom });
  return { zoom, centerX: x + size / 2, centerY: y + size / 2 };
}

export function zoomTo(image: Size, crop: Crop, zoom: number): Crop {
  return keepInside(image, { ...crop, zoom: Math.round(zoom * 100) / 100 });
}

/**
 * Moves the picture under a square view of `viewSize` pixels by (dx, dy) view pixels, as a drag
 * does: the picture follows the pointer, so the crop moves the other way.
 */
export function dragBy(image: Size, crop: Crop, dx: number, dy: number, viewSize: number): Crop {
  const pixelsPerViewPixel = sourceRect(image, crop).size / viewSize;
  return keepInside(image, {
    ...crop,
    centerX: crop.centerX - dx * pixelsPerViewPixel,
    centerY: crop.centerY - dy * pixelsPerViewPixel,
  });
}

/** How to place the whole image (top-left origin) so that the crop fills a square view. */
export function viewPlacement(image: Size, crop: Crop, viewSize: number): { scale: number; left: number; top: number } {
  const { x, y, size } = sourceRect(image, crop);
  const scale = viewSize / size;
  return { scale, left: -x * scale, top: -y * scale };
}
