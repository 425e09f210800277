import { useRef, useState, type DragEvent } from 'react';
import { Button } from 'antd';
import { useT } from '../../../shared/i18n';
import { AVATAR_TYPES, avatarSizeLimit } from './avatar-file';
import styles from './AvatarPicker.module.css';

/** "Choose an image" or drop one on the zone; the file is judged by the caller. */
export function AvatarPicker({
  label,
  onFile,
  disabled = false,
}: {
  label: string;
  onFile: (file: File) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <div
      className={`${styles.zone} ${over ? styles.over : ''}`}
      data-testid="avatar-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <Button onClick={() => input.current?.click()} disabled={disabled}>
        {label}
      </Button>
      <span className={styles.hint}>{t('account.setting.avatar.dropHint', { limit: avatarSizeLimit() })}</span>
      <input
        ref={input}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        hidden
        data-testid="avatar-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file may be chosen again
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
