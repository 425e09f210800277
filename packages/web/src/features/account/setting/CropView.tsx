import type { Ref } from 'react';
import { viewPlacement, type Crop, type Size } from './crop-geometry';
import styles from './CropView.module.css';

interface CropViewProps {
  src: string;
  /** Known once the image has loaded; until then the image is laid out but not shown. */
  image: Size | null;
  crop: Crop;
  viewSize: number;
  className?: string;
  imageRef?: Ref<HTMLImageElement>;
  onLoad?: (image: HTMLImageElement) => void;
  onError?: () => void;
  testId?: string;
}

/** A square window of `viewSize` pixels showing the crop of the image, as it will be uploaded. */
export function CropView({ src, image, crop, viewSize, className, imageRef, onLoad, onError, testId }: CropViewProps) {
  const placement = image ? viewPlacement(image, crop, viewSize) : null;
  return (
    <div className={`${styles.view} ${className ?? ''}`} style={{ width: viewSize, height: viewSize }}>
      <img
        ref={imageRef}
        src={src}
        alt=""
        draggable={false}
        className={styles.image}
        data-testid={testId}
        onLoad={(event) => onLoad?.(event.currentTarget)}
        onError={onError}
        style={
          placement && image
            ? {
                width: image.width,
                height: image.height,
                transform: `translate(${placement.left}px, ${placement.top}px) scale(${placement.scale})`,
              }
            : { visibility: 'hidden' }
        }
      />
    </div>
  );
}
