import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Alert, Modal } from 'antd';
import { useT } from '../../shared/i18n';
import { centredCover, COVER_ASPECT, coverRegion, dragCover, drawRegion, exportCover, MAX_ZOOM, MIN_ZOOM, ZOOM_STEP, zoomCover, type CoverCrop, type Size } from './cover-crop';
import styles from './creator.module.css';

const FRAME_WIDTH = 480;
const FRAME_HEIGHT = FRAME_WIDTH / COVER_ASPECT;
/** Frame pixels per arrow key press; with Shift, four times as far. */
const KEY_STEP = 10;
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The 4:3 crop of a chosen cover image: drag or arrow keys move it, the slider zooms; OK gives the cropped file. */
export function CoverCropDialog({ file, onDone, onCancel }: { file: File; onDone: (cropped: File) => void; onCancel: () => void }) {
  const t = useT();
  const [src] = useState(() => URL.createObjectURL(file));
  const [image, setImage] = useState<{ element: HTMLImageElement; size: Size } | null>(null);
  const [crop, setCrop] = useState<CoverCrop>({ zoom: MIN_ZOOM, centerX: 0, centerY: 0 });
  const [failure, setFailure] = useState<string | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const dragFrom = useRef<{ x: number; y: number } | null>(null);
  const helpId = useId();

  useEffect(() => () => URL.revokeObjectURL(src), [src]);
  useEffect(() => {
    if (image && canvas.current) drawRegion(canvas.current, image.element, coverRegion(image.size, crop), { width: FRAME_WIDTH, height: FRAME_HEIGHT });
  }, [image, crop]);

  const loaded = (element: HTMLImageElement) => {
    const size = { width: element.naturalWidth, height: element.naturalHeight };
    if (size.width === 0 || size.height === 0) return setFailure(t('creator.crop.unreadable'));
    setImage({ element, size });
    setCrop(centredCover(size));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const arrow = ARROWS[event.key];
    if (!image || !arrow) return;
    event.preventDefault();
    const step = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
    setCrop(dragCover(image.size, crop, -arrow[0] * step, -arrow[1] * step, FRAME_WIDTH));
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragFrom.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const from = dragFrom.current;
    if (!from || !image) return;
    dragFrom.current = { x: event.clientX, y: event.clientY };
    setCrop(dragCover(image.size, crop, event.clientX - from.x, event.clientY - from.y, FRAME_WIDTH));
  };
  const endDrag = () => {
    dragFrom.current = null;
  };

  const confirm = async () => {
    if (!image) return;
    try {
      onDone(await exportCover(document.createElement('canvas'), image.element, coverRegion(image.size, crop), file.name));
    } catch (error) {
      setFailure(t('creator.crop.failed', { reason: error instanceof Error ? error.message : String(error) }));
    }
  };

  const zoomPercent = Math.round(crop.zoom * 100);
  return (
    <Modal open title={t('creator.crop.title')} okText={t('creator.crop.ok')} cancelText={t('creator.crop.cancel')} okButtonProps={{ disabled: !image }} onOk={() => void confirm()} onCancel={onCancel} width={FRAME_WIDTH + 48}>
      <img src={src} alt="" hidden data-testid="cover-crop-image" onLoad={(event) => loaded(event.currentTarget)} onError={() => setFailure(t('creator.crop.unreadable'))} />
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
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      />
      <p id={helpId} className={styles.hint}>
        {t('creator.crop.help')}
      </p>
      <label className={styles.inline}>
        {t('creator.crop.zoom')}
        <input
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={ZOOM_STEP}
          value={crop.zoom}
          aria-valuetext={`${zoomPercent}%`}
          disabled={!image}
          onChange={(event) => image && setCrop(zoomCover(image.size, crop, Number(event.target.value)))}
        />
        <span aria-hidden="true">{zoomPercent}%</span>
      </label>
      {failure && <Alert type="error" role="alert" title={failure} />}
    </Modal>
  );
}
