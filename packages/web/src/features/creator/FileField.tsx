import { useEffect, useRef, useState } from 'react';
import { Alert, Input, Progress } from 'antd';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { FilePickButton } from '../../shared/ui/FilePickButton';
import { fileCanBeUsed } from './creator-api';
import { ObjectPicker } from './ObjectPicker';
import styles from './creator.module.css';
import { storeFile, type StoreProgress } from './store-file';

export interface ChosenFile {
  fileSha1: string;
  filename: string;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'working'; progress: StoreProgress }
  | { kind: 'done'; instant: boolean }
  | { kind: 'failed'; message: string };

const SHA1 = /^[0-9a-f]{40}$/i;

/** The file of a version: a local file (stored as needed) or the sha1 of a stored object. */
export function FileField({
  value,
  onChange,
  initialFile,
}: {
  value: ChosenFile | null;
  onChange: (file: ChosenFile | null) => void;
  initialFile?: File | null;
}) {
  const t = useT();
  const api = useApiClient();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const initialTaken = useRef(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    onChange(null);
    try {
      const { sha1, instant } = await storeFile(api, file, (progress) => setStatus({ kind: 'working', progress }));
      setStatus({ kind: 'done', instant });
      await accept({ fileSha1: sha1, filename: file.name });
    } catch (failure) {
      setStatus({ kind: 'failed', message: errorMessage(failure) });
    }
  };

  /** A file another user's resource uses already cannot be taken (DOMAIN: file reuse). */
  const accept = async (chosen: ChosenFile) => {
    try {
      if (!(await fileCanBeUsed(api, chosen.fileSha1))) {
        setStatus({ kind: 'failed', message: t('creator.file.taken') });
        return;
      }
    } catch (failure) {
      setStatus({ kind: 'failed', message: errorMessage(failure) });
      return;
    }
    onChange(chosen);
  };

  // A file picked before this field showed (the wizard's first step) is stored once, if none is chosen.
  useEffect(() => {
    if (initialTaken.current || !initialFile || value) return;
    initialTaken.current = true;
    void pick(initialFile);
  });

  const enterSha1 = (text: string) => {
    const sha1 = text.trim().toLowerCase();
    onChange(null);
    if (SHA1.test(sha1)) void accept({ fileSha1: sha1, filename: value?.filename || sha1 });
  };

  return (
    <div>
      <div className={styles.field}>
        <span>{t('creator.file.local')}</span>
        <FilePickButton
          label={t('creator.file.choose')}
          name={t('creator.file.local')}
          onPick={(file) => void pick(file)}
        />
      </div>
      {status.kind === 'working' && (
        <div role="status">
          {t(`creator.file.phase.${status.progress.phase}`)}
          {'percent' in status.progress && <Progress percent={status.progress.percent} size="small" />}
        </div>
      )}
      {status.kind === 'done' && (
        <div role="status">{t(status.instant ? 'creator.file.instant' : 'creator.file.uploaded')}</div>
      )}
      {status.kind === 'failed' && (
        <Alert type="error" role="alert" title={t('creator.file.failed', { reason: status.message })} />
      )}
      <label>
        {t('creator.file.sha1')}
        <Input
          defaultValue={status.kind === 'idle' ? value?.fileSha1 : undefined}
          onChange={(event) => enterSha1(event.target.value)}
        />
      </label>
      <ObjectPicker onPick={(object) => void accept({ fileSha1: object.sha1, filename: object.objectName })} />
      {value && (
        <p data-testid="chosen-file">{t('creator.file.chosen', { name: value.filename, sha1: value.fileSha1 })}</p>
      )}
    </div>
  );
}
