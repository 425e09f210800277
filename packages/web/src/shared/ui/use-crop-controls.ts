import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { ZoomSliderProps } from './ZoomSlider';

/** View pixels per arrow key press; with Shift, four times as far. */
const KEY_STEP = 10;
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export interface ZoomRange {
  min: number;
  max: number;
  step: number;
}

export interface CropControlsOptions {
  /** Whether the crop can change now: the image has loaded and the cropper is not disabled. */
  active: boolean;
  /** Moves the picture under the view by (dx, dy) view pixels, as a drag does. */
  movePicture: (dx: number, dy: number) => void;
  /** What the arrow keys move: the picture (as a drag does) or the crop frame over it (the other way). */
  arrowsMove: 'picture' | 'frame';
  zoom: number;
  zoomRange: ZoomRange;
  /** Sets the zoom (the crop's geometry keeps it in range). */
  setZoom: (zoom: number) => void;
  /** Whether + and − zoom by one step too. */
  zoomKeys?: boolean;
}

/**
 * The controls of an image cropper: on its view (spread `view` onto the focusable element) a pointer
 * drags, arrow keys move (Shift for bigger steps) and optionally + and − zoom; `slider` is the
 * zoom slider's part of the props of ZoomSlider.
 */
export function useCropControls({
  active,
  movePicture,
  arrowsMove,
  zoom,
  zoomRange,
  setZoom,
  zoomKeys = false,
}: CropControlsOptions) {
  const dragFrom = useRef<{ x: number; y: number } | null>(null);
  const endDrag = () => {
    dragFrom.current = null;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!active) return;
    const arrow = ARROWS[event.key];
    if (arrow) {
      const step = (event.shiftKey ? KEY_STEP * 4 : KEY_STEP) * (arrowsMove === 'picture' ? 1 : -1);
      movePicture(arrow[0] * step, arrow[1] * step);
    } else if (zoomKeys && (event.key === '+' || event.key === '=')) {
      setZoom(zoom + zoomRange.step);
    } else if (zoomKeys && (event.key === '-' || event.key === '_')) {
      setZoom(zoom - zoomRange.step);
    } else {
      return;
    }
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent<Element>) => {
    if (!active) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragFrom.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<Element>) => {
    const from = dragFrom.current;
    if (!from || !active) return;
    dragFrom.current = { x: event.clientX, y: event.clientY };
    movePicture(event.clientX - from.x, event.clientY - from.y);
  };

  const slider: Omit<ZoomSliderProps, 'label'> = { ...zoomRange, zoom, disabled: !active, onZoom: setZoom };
  return { view: { onKeyDown, onPointerDown, onPointerMove, onPointerUp: endDrag, onPointerCancel: endDrag }, slider };
}
