import { useState } from 'react';
import { Modal } from 'antd';
import { useApiClient } from '../../../shared/api';
import { useT } from '../../../shared/i18n';
import { FormFeedback } from '../../account/FormFeedback';
import { deleteObjects, type StorageObject } from '../storage-api';
import styles from './DeleteObjectsDialog.module.css';

/** The server takes up to 100 ids per call (API.md §3.4). */
const IDS_PER_CALL = 100;
/** Names listed in the question; the rest are counted. */
const NAMES_SHOWN = 5;

/** Asks before deleting the given objects of a bucket, then deletes them. */
export function DeleteObjectsDialog({
  bucketName,
  objects,
  onClose,
  onDeleted,
}: {
  bucketName: string;
  objects: StorageObject[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const api = useApiClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      const ids = objects.map((object) => object.objectId);
      for (let start = 0; start < ids.length; start += IDS_PER_CALL) {
        const answer = await deleteObjects(api, bucketName, ids.slice(start, start + IDS_PER_CALL));
        if (answer.errCode !== 0) throw new Error(answer.msg);
      }
      onDeleted();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setPending(false);
    }
  }

  const shown = objects.slice(0, NAMES_SHOWN);
  return (
    <Modal
      open
      title={
        objects.length === 1
          ? t('storagePage.deleteObjects.titleOne', { name: objects[0]?.objectName ?? '' })
          : t('storagePage.deleteObjects.title', { count: objects.length })
      }
      okText={t('storagePage.deleteObjects.ok')}
      cancelText={t('storagePage.cancel')}
      okButtonProps={{ danger: true, loading: pending }}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <FormFeedback error={error} />
      <p>{t('storagePage.deleteObjects.text', { bucket: bucketName })}</p>
      {objects.length > 1 ? (
        <ul className={styles.names}>
          {shown.map((object) => (
            <li key={object.objectId}>{object.objectName}</li>
          ))}
          {objects.length > shown.length ? (
            <li>{t('storagePage.deleteObjects.more', { count: objects.length - shown.length })}</li>
          ) : null}
        </ul>
      ) : null}
    </Modal>
  );
}
