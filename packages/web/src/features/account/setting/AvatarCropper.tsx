import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useT } from '../../../shared/i18n';
import { centredCrop, dragBy, MAX_ZOOM, MIN_ZOOM, sourceRect, ZOOM_STEP, zoomTo, type Crop, type Size, type SquareRect } from './crop-geometry';
import { CropView } from './CropView';
import styles from './AvatarCropper.module.css';

export const CROP_VIEW_SIZE = 280;
const PREVIEW_SIZE = 96;
/** View pixels per arrow key press; with Shift, four times as far. */
const KEY_STEP = 10;

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export interface LoadedImage {
  element: HTMLImageElement;
  size: Size;
}

interface AvatarCropperProps {
  src: string;
  onLoaded: (image: LoadedImage) => void;
  onUnreadable: () => void;
  onCropChange: (rect: SquareRect) => void;
  disabled?: boolean;
}

/**
 * The square crop area (drag or arrow keys to move, slider or +/- to zoom) with a round preview.
 * It reports the chosen part of the image in image pixels.
 */
export function AvatarCropper({ src, onLoaded, onUnreadable, onCropChange, disabled = false }: AvatarCropperProps) {
  const t = useT();
  const [image, setImage] = useState<Size | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: MIN_ZOOM, centerX: 0, centerY: 0 });
  const dragFrom = useRef<{ x: number; y: number } | null>(null);
  const helpId = useId();

  const update = (next: Crop) => {
    setCrop(next);
    if (image) onCropChange(sourceRect(image, next));
  };

  const loaded = (element: HTMLImageElement) => {
    const size = { width: element.naturalWidth, height: element.naturalHeight };
    if (size.width === 0 || size.height === 0) return onUnreadable();
    const first = centredCrop(size);
    setImage(size);
    setCrop(first);
    onLoaded({ element, size });
    onCropChange(sourceRect(size, first));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!image || disabled) return;
    const arrow = ARROWS[event.key];
    if (arrow) {
      const step = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
      update(dragBy(image, crop, arrow[0] * step, arrow[1] * step, CROP_VIEW_SIZE));
    } else if (event.key === '+' || event.key === '=') {
      update(zoomTo(image, crop, crop.zoom + ZOOM_STEP));
    } else if (event.key === '-' || event.key === '_') {
      update(zoomTo(image, crop, crop.zoom - ZOOM_STEP));
    } else {
      return;
    }
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!image || disabled) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragFrom.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = dragFrom.current;
    if (!from || !image) return;
    dragFrom.current = { x: event.clientX, y: event.clientY };
    update(dragBy(image, crop, event.clientX - from.x, event.clientY - from.y, CROP_VIEW_SIZE));
  };
  const endDrag = () => {
    dragFrom.current = null;
  };

  const zoomPercent = Math.round(crop.zoom * 100);
  return (
    <div className={styles.cropper}>
      <div className={styles.editing}>
        <div
          role="group"
          tabIndex={disabled ? -1 : 0}
          aria-label={t('account.setting.avatar.cropArea')}
          aria-describedby={helpId}
          className={styles.area}
          data-testid="avatar-crop-area"
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        >
          <CropView src={src} image={image} crop={crop} viewSize={CROP_VIEW_SIZE} onLoad={loaded} onError={onUnreadable} testId="avatar-crop-image" />
          <span className={styles.guide} aria-hidden="true" />
        </div>
        <p id={helpId} className={styles.help}>
          {t('account.setting.avatar.cropHelp')}
        </p>
        <label className={styles.zoom}>
          <span>{t('account.setting.avatar.zoom')}</span>
          <input
            type="range"
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={ZOOM_STEP}
            value={crop.zoom}
            aria-valuetext={`${zoomPercent}%`}
            disabled={!image || disabled}
            onChange={(event) => image && update(zoomTo(image, crop, Number(event.target.value)))}
          />
          <span className={styles.zoomValue} aria-hidden="true">
            {zoomPercent}%
          </span>
        </label>
      </div>
      <figure className={styles.preview}>
        <CropView src={src} image={image} crop={crop} viewSize={PREVIEW_SIZE} className={styles.round} testId="avatar-preview" />
        <figcaption>{t('account.setting.avatar.preview')}</figcaption>
      </figure>
    </div>
  );
}
