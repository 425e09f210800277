import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Modal } from 'antd';
import { useT } from '../../shared/i18n';
import { errorMessage } from '../../shared/api';
import { useCropControls } from '../../shared/ui/use-crop-controls';
import { ZoomSlider } from '../../shared/ui/ZoomSlider';
import {
  centredCover,
  COVER_ASPECT,
  coverRegion,
  dragCover,
  drawRegion,
  exportCover,
  MAX_ZOOM,
  MIN_ZOOM,
  ZOOM_STEP,
  zoomCover,
  type CoverCrop,
  type Size,
} from './cover-crop';
import styles from './creator.module.css';

const FRAME_WIDTH = 480;
const FRAME_HEIGHT = FRAME_WIDTH / COVER_ASPECT;

/** The 4:3 crop of a chosen cover image: drag or arrow keys move it, the slider zooms; OK gives the cropped file. */
export function CoverCropDialog({
  file,
  onDone,
  onCancel,
}: {
  file: File;
  onDone: (cropped: File) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [src] = useState(() => URL.createObjectURL(file));
  const [image, setImage] = useState<{ element: HTMLImageElement; size: Size } | null>(null);
  const [crop, setCrop] = useState<CoverCrop>({ zoom: MIN_ZOOM, centerX: 0, centerY: 0 });
  const [failure, setFailure] = useState<string | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const helpId = useId();

  useEffect(() => () => URL.revokeObjectURL(src), [src]);
  useEffect(() => {
    if (image && canvas.current)
      drawRegion(canvas.current, image.element, coverRegion(image.size, crop), {
        width: FRAME_WIDTH,
        height: FRAME_HEIGHT,
      });
  }, [image, crop]);

  const loaded = (element: HTMLImageElement) => {
    const size = { width: element.naturalWidth, height: element.naturalHeight };
    if (size.width === 0 || size.height === 0) return setFailure(t('creator.crop.unreadable'));
    setImage({ element, size });
    setCrop(centredCover(size));
  };

  const controls = useCropControls({
    active: image !== null,
    arrowsMove: 'frame',
    movePicture: (dx, dy) => image && setCrop(dragCover(image.size, crop, dx, dy, FRAME_WIDTH)),
    zoom: crop.zoom,
    zoomRange: { min: MIN_ZOOM, max: MAX_ZOOM, step: ZOOM_STEP },
    setZoom: (zoom) => image && setCrop(zoomCover(image.size, crop, zoom)),
  });

  const confirm = async () => {
    if (!image) return;
    try {
      onDone(
        await exportCover(document.createElement('canvas'), image.element, coverRegion(image.size, crop), file.name),
      );
    } catch (error) {
      setFailure(t('creator.crop.failed', { reason: errorMessage(error) }));
    }
  };

  return (
    <Modal
      open
      title={t('creator.crop.title')}
      okText={t('creator.crop.ok')}
      cancelText={t('creator.crop.cancel')}
      okButtonProps={{ disabled: !image }}
      onOk={() => void confirm()}
      onCancel={onCancel}
      width={FRAME_WIDTH + 48}
    >
      <img
        src={src}
        alt=""
        hidden
        data-testid="cover-crop-image"
        onLoad={(event) => loaded(event.currentTarget)}
        onError={() => setFailure(t('creator.crop.unreadable'))}
      />
      <canvas
        ref={canvas}
        width={FRAME_WIDTH}
        height={FRAME_HEIGHT}
        tabIndex={0}
        role="img"
        aria-label={t('creator.crop.area')}
        aria-describedby={helpId}
        className={styles.cropFrame}
        data-testid="cover-crop-area"
        {...controls.view}
      />
      <p id={helpId} className={styles.hint}>
        {t('creator.crop.help')}
      </p>
      <ZoomSlider label={t('creator.crop.zoom')} className={styles.inline} {...controls.slider} />
      {failure && <Alert type="error" role="alert" title={failure} />}
    </Modal>
  );
}
