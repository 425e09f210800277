import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Progress } from 'antd';
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

/** The file of a version: a local file (stored as needed) or an object already in the caller's storage. */
export function FileField({
  value,
  onChange,
  initialFile,
  resourceTypeCode,
}: {
  value: ChosenFile | null;
  onChange: (file: ChosenFile | null) => void;
  initialFile?: File | null;
  /** The resource's type: stored objects of that type are offered first. */
  resourceTypeCode?: string | undefined;
}) {
  const t = useT();
  const api = useApiClient();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const initialTaken = useRef(false);
  const headingId = useId();

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

  return (
    <div className={styles.fileStep}>
      <div className={styles.fileSources}>
        <section className={styles.fileSource} aria-labelledby={`${headingId}-local`}>
          <h3 id={`${headingId}-local`}>{t('creator.file.fromLocal')}</h3>
          <p className={styles.hint}>{t('creator.file.fromLocalHint')}</p>
          <FilePickButton
            label={t('creator.file.choose')}
            name={t('creator.file.local')}
            onPick={(file) => void pick(file)}
          />
        </section>
        <section className={styles.fileSource} aria-labelledby={`${headingId}-storage`}>
          <h3 id={`${headingId}-storage`}>{t('creator.file.fromStorage')}</h3>
          <p className={styles.hint}>{t('creator.file.fromStorageHint')}</p>
          <ObjectPicker
            preferredType={resourceTypeCode}
            onPick={(object) => {
              setStatus({ kind: 'idle' });
              onChange(null);
              void accept({ fileSha1: object.sha1, filename: object.objectName });
            }}
          />
        </section>
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
      {value && (
        <p className={styles.chosenFile} data-testid="chosen-file">
          {t('creator.file.chosen', { name: value.filename, sha1: value.fileSha1 })}
        </p>
      )}
    </div>
  );
}
