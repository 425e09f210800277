import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { FilePickButton } from '../../shared/ui/FilePickButton';
import { CoverCropDialog } from './CoverCropDialog';
import { uploadImage } from './creator-api';
import styles from './creator.module.css';

/** The cover: an image chosen, cropped to 4:3, uploaded; its address is the value. */
export function CoverField({
  value,
  onChange,
  disabled = false,
}: {
  value: string | undefined;
  onChange: (cover: string | undefined) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const api = useApiClient();
  const [cropping, setCropping] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (cropped: File) => {
    setCropping(null);
    setBusy(true);
    setError(null);
    try {
      onChange(await uploadImage(api, cropped));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.field}>
      <span>{t('creator.cover')}</span>
      <FilePickButton
        label={t('creator.coverChoose')}
        name={t('creator.cover')}
        accept="image/*"
        disabled={disabled || busy}
        onPick={setCropping}
      />
      <p className={styles.hint}>{t('creator.coverHint')}</p>
      {busy && <p role="status">{t('creator.coverUploading')}</p>}
      {error && <Alert type="error" role="alert" title={error} />}
      {value && (
        <div className={styles.actions}>
          <img src={value} alt={t('creator.coverPreview')} className={styles.cover} />
          <Button disabled={disabled || busy} onClick={() => onChange(undefined)}>
            {t('creator.coverRemove')}
          </Button>
        </div>
      )}
      {cropping && (
        <CoverCropDialog
          file={cropping}
          onDone={(cropped) => void upload(cropped)}
          onCancel={() => setCropping(null)}
        />
      )}
    </div>
  );
}
