import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { errorMessage, useApiClient } from '../../shared/api';
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
  const upload = useMutation({
    mutationFn: (cropped: File) => uploadImage(api, cropped),
    onSuccess: (address) => onChange(address),
  });
  const busy = upload.isPending;

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
      {upload.isError && <Alert type="error" role="alert" title={errorMessage(upload.error)} />}
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
          onDone={(cropped) => {
            setCropping(null);
            upload.mutate(cropped);
          }}
          onCancel={() => setCropping(null)}
        />
      )}
    </div>
  );
}
