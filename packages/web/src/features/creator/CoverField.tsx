import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { CoverCropDialog } from './CoverCropDialog';
import { uploadImage } from './creator-api';
import styles from './creator.module.css';

/** The cover: an image chosen, cropped to 4:3, uploaded; its address is the value. */
export function CoverField({ value, onChange }: { value: string | undefined; onChange: (cover: string | undefined) => void }) {
  const t = useT();
  const api = useApiClient();
  const [cropping, setCropping] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

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
      <label>
        {t('creator.cover')}{' '}
        <input
          key={inputKey}
          type="file"
          accept="image/*"
          onChange={(event) => {
            const picked = event.target.files?.[0];
            setInputKey((key) => key + 1);
            if (picked) setCropping(picked);
          }}
        />
      </label>
      <p className={styles.hint}>{t('creator.coverHint')}</p>
      {busy && <p role="status">{t('creator.coverUploading')}</p>}
      {error && <Alert type="error" role="alert" title={error} />}
      {value && (
        <div className={styles.actions}>
          <img src={value} alt={t('creator.coverPreview')} className={styles.cover} />
          <Button onClick={() => onChange(undefined)}>{t('creator.coverRemove')}</Button>
        </div>
      )}
      {cropping && <CoverCropDialog file={cropping} onDone={(cropped) => void upload(cropped)} onCancel={() => setCropping(null)} />}
    </div>
  );
}
