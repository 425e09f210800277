import { Modal } from 'antd';
import type { ObjectWire } from '@tessera/contract/storage';
import { useT } from '../../../shared/i18n';
import { FormFeedback } from '../../account';
import { useDeleteObjects } from './use-objects';
import styles from './DeleteObjectsDialog.module.css';

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
  objects: ObjectWire[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const deletion = useDeleteObjects(bucketName);
  const confirm = () =>
    deletion.mutate(
      objects.map((object) => object.objectId),
      { onSuccess: onDeleted },
    );

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
      okButtonProps={{ danger: true, loading: deletion.isPending }}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <FormFeedback error={deletion.error?.message ?? null} />
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
