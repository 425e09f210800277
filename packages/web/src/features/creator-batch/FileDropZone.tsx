import { useId, useState, type DragEvent } from 'react';
import { useT } from '../../shared/i18n';
import { MAX_BATCH_FILES } from './batch-api';
import styles from './creator-batch.module.css';

/**
 * Where files join the batch: a labelled file input (keyboard: Tab to it, Enter opens the picker)
 * inside a zone that also takes dropped files.
 */
export function FileDropZone({
  disabled,
  hint,
  onFiles,
}: {
  disabled: boolean;
  hint: string;
  onFiles: (files: File[]) => void;
}) {
  const t = useT();
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div
      className={[styles.zone, over && !disabled ? styles.over : '', disabled ? styles.zoneDisabled : '']
        .filter(Boolean)
        .join(' ')}
      data-testid="batch-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label htmlFor={inputId} className={styles.pick}>
        {t('creatorBatch.files.choose')}
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        disabled={disabled}
        className="visually-hidden"
        aria-describedby={hintId}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = ''; // the same files may be chosen again
          onFiles(files);
        }}
      />
      <span id={hintId} className={styles.zoneText}>
        <span>{t('creatorBatch.files.drop', { limit: MAX_BATCH_FILES })}</span>
        <span className={styles.hint}>{hint}</span>
      </span>
    </div>
  );
}
