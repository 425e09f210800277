import { useId, useState } from 'react';
import { useT } from '../../../shared/i18n';
import { useCropControls } from '../../../shared/ui/use-crop-controls';
import { ZoomSlider } from '../../../shared/ui/ZoomSlider';
import {
  centredCrop,
  dragBy,
  MAX_ZOOM,
  MIN_ZOOM,
  sourceRect,
  ZOOM_STEP,
  zoomTo,
  type Crop,
  type Size,
  type SquareRect,
} from './crop-geometry';
import { CropView } from './CropView';
import styles from './AvatarCropper.module.css';

export const CROP_VIEW_SIZE = 280;
const PREVIEW_SIZE = 96;

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

  const controls = useCropControls({
    active: image !== null && !disabled,
    arrowsMove: 'picture',
    movePicture: (dx, dy) => image && update(dragBy(image, crop, dx, dy, CROP_VIEW_SIZE)),
    zoom: crop.zoom,
    zoomRange: { min: MIN_ZOOM, max: MAX_ZOOM, step: ZOOM_STEP },
    setZoom: (zoom) => image && update(zoomTo(image, crop, zoom)),
    zoomKeys: true,
  });

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
          {...controls.view}
        >
          <CropView
            src={src}
            image={image}
            crop={crop}
            viewSize={CROP_VIEW_SIZE}
            onLoad={loaded}
            onError={onUnreadable}
            testId="avatar-crop-image"
          />
          <span className={styles.guide} aria-hidden="true" />
        </div>
        <p id={helpId} className={styles.help}>
          {t('account.setting.avatar.cropHelp')}
        </p>
        <ZoomSlider
          label={t('account.setting.avatar.zoom')}
          className={styles.zoom}
          valueClassName={styles.zoomValue}
          {...controls.slider}
        />
      </div>
      <figure className={styles.preview}>
        <CropView
          src={src}
          image={image}
          crop={crop}
          viewSize={PREVIEW_SIZE}
          className={styles.round}
          testId="avatar-preview"
        />
        <figcaption>{t('account.setting.avatar.preview')}</figcaption>
      </figure>
    </div>
  );
}
