import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useT } from '../../../shared/i18n';
import { roundSize } from '../file-size';
import { UPLOAD_MAX_BYTES, VIDEO_UPLOAD_MAX_BYTES } from './upload-rules';
import styles from './UploadZone.module.css';

export interface UploadZoneProps {
  bucketName: string;
  onFiles: (files: File[]) => void;
  /** A large zone, for a bucket that is still empty. */
  prominent?: boolean;
}

/**
 * Drop files here or choose them: the zone itself is a button (Enter or Space opens the picker),
 * and takes many files at once.
 */
export function UploadZone({ bucketName, onFiles, prominent = false }: UploadZoneProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);

  const pick = () => input.current?.click();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick();
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  // The input stays outside the zone: its own click would otherwise bubble up to the zone again.
  return (
    <>
      <div
        role="button"
        tabIndex={0}
        aria-label={t('storagePage.upload.zone', { bucket: bucketName })}
        aria-describedby={hintId}
        className={[styles.zone, prominent ? styles.prominent : '', over ? styles.over : ''].filter(Boolean).join(' ')}
        data-testid="upload-zone"
        onClick={pick}
        onKeyDown={onKeyDown}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <svg className={styles.icon} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
          <rect x="4" y="20" width="32" height="16" rx="4" fill="var(--tessera-teal-soft)" />
          <path
            d="M20 27V7m0 0-7 7m7-7 7 7"
            fill="none"
            stroke="var(--tessera-teal)"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className={styles.text}>
          <span className={styles.title}>{t('storagePage.upload.zoneTitle')}</span>
          <span id={hintId} className={styles.hint}>
            {t('storagePage.upload.zoneHint', {
              limit: roundSize(UPLOAD_MAX_BYTES),
              videoLimit: roundSize(VIDEO_UPLOAD_MAX_BYTES),
            })}
          </span>
        </span>
      </div>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="upload-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = ''; // the same files may be chosen again
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
