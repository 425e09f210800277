// The cover crop without the DOM: a fixed 4:3 frame over the image, kept by its centre (image
// pixels) and a zoom. At zoom 1 the frame is the largest 4:3 area the image holds.

export const COVER_ASPECT = 4 / 3;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
export const ZOOM_STEP = 0.1;
/** The uploaded cover is at most this wide (and 3/4 of it high). */
export const COVER_OUTPUT_WIDTH = 960;

export interface Size {
  width: number;
  height: number;
}

export interface CoverCrop {
  zoom: number;
  centerX: number;
  centerY: number;
}

/** The part of the image that becomes the cover, in image pixels. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const centredCover = (image: Size): CoverCrop => ({
  zoom: MIN_ZOOM,
  centerX: image.width / 2,
  centerY: image.height / 2,
});

export function coverRegion(image: Size, crop: CoverCrop): Region {
  const zoom = clamp(crop.zoom, MIN_ZOOM, MAX_ZOOM);
  const width = Math.min(image.width, image.height * COVER_ASPECT) / zoom;
  const height = width / COVER_ASPECT;
  return {
    x: clamp(crop.centerX - width / 2, 0, image.width - width),
    y: clamp(crop.centerY - height / 2, 0, image.height - height),
    width,
    height,
  };
}

/** The same crop with its zoom in range and its frame inside the image. */
function inside(image: Size, crop: CoverCrop): CoverCrop {
  const zoom = clamp(crop.zoom, MIN_ZOOM, MAX_ZOOM);
  const region = coverRegion(image, { ...crop, zoom });
  return { zoom, centerX: region.x + region.width / 2, centerY: region.y + region.height / 2 };
}

export const zoomCover = (image: Size, crop: CoverCrop, zoom: number): CoverCrop =>
  inside(image, { ...crop, zoom: Math.round(zoom * 100) / 100 });

/** A drag of (dx, dy) pixels on a frame `frameWidth` wide: the picture follows the pointer, the frame moves the other way. */
export function dragCover(image: Size, crop: CoverCrop, dx: number, dy: number, frameWidth: number): CoverCrop {
  const scale = coverRegion(image, crop).width / frameWidth;
  return inside(image, { ...crop, centerX: crop.centerX - dx * scale, centerY: crop.centerY - dy * scale });
}

/** The uploaded size: the region's own, or smaller to fit COVER_OUTPUT_WIDTH; whole pixels. */
export function outputSize(region: Region): Size {
  const width = Math.max(1, Math.round(Math.min(region.width, COVER_OUTPUT_WIDTH)));
  return { width, height: Math.max(1, Math.round(width / COVER_ASPECT)) };
}

type DrawContext = Pick<CanvasRenderingContext2D, 'drawImage'>;

/** What drawing needs of a canvas (a real one in browsers, a stand-in in tests). */
export interface DrawCanvas {
  width: number;
  height: number;
  getContext(contextId: '2d'): DrawContext | null;
  toBlob(callback: BlobCallback, type?: string, quality?: number): void;
}

/** Draws `region` of the image over the whole canvas (the frame view, or the export). */
export function drawRegion(canvas: DrawCanvas, image: CanvasImageSource, region: Region, size: Size): boolean {
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return false;
  context.drawImage(image, region.x, region.y, region.width, region.height, 0, 0, size.width, size.height);
  return true;
}

/** The cropped cover as a JPEG file, or an error when the browser cannot draw. */
export function exportCover(canvas: DrawCanvas, image: CanvasImageSource, region: Region, name: string): Promise<File> {
  if (!drawRegion(canvas, image, region, outputSize(region))) return Promise.reject(new Error('no 2d canvas'));
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) =>
        blob
          ? resolve(
              new File([blob], `${name.replace(/\.[^.]+$/, '') || 'cover'}.jpg`, { type: blob.type || 'image/jpeg' }),
            )
          : reject(new Error('the canvas gave no image')),
      'image/jpeg',
      0.9,
    );
  });
}
