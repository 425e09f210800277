import { useState } from 'react';
import { Modal } from 'antd';
import { ErrCode, formatFileSize } from '@tessera/domain';
import { useApiClient } from '../../../shared/api';
import { useT } from '../../../shared/i18n';
import { FormFeedback } from '../../account/FormFeedback';
import { deleteBucket, type Bucket } from '../storage-api';

/**
 * Deleting a bucket. It is first asked for plainly; a bucket that still holds objects is refused
 * (errCode 2), and the dialog then says how many objects would go with it and asks a second time
 * before deleting with `force`.
 */
export function DeleteBucketDialog({
  bucket,
  onClose,
  onDeleted,
}: {
  bucket: Bucket;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const api = useApiClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Set once the server said the bucket is not empty: the objects that would be deleted. */
  const [objectCount, setObjectCount] = useState<number | null>(null);
  const force = objectCount !== null;

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      const answer = await deleteBucket(api, bucket.bucketName, { force });
      if (answer.errCode === 0) return onDeleted();
      const count = force ? 0 : objectCountOf(answer.data, bucket);
      if (answer.errCode === ErrCode.Business && count > 0) setObjectCount(count);
      else setError(answer.msg);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
    setPending(false);
  }

  return (
    <Modal
      open
      title={t('storagePage.deleteBucket.title', { name: bucket.bucketName })}
      okText={
        force ? t('storagePage.deleteBucket.okWithObjects', { count: objectCount }) : t('storagePage.deleteBucket.ok')
      }
      cancelText={t('storagePage.cancel')}
      okButtonProps={{ danger: true, loading: pending }}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <FormFeedback error={error} />
      {force ? (
        <p role="alert" data-testid="delete-bucket-objects">
          {t('storagePage.deleteBucket.notEmpty', {
            name: bucket.bucketName,
            count: objectCount,
            size: formatFileSize(bucket.totalFileSize),
          })}
        </p>
      ) : (
        <p>{t('storagePage.deleteBucket.text', { name: bucket.bucketName })}</p>
      )}
    </Modal>
  );
}

/** How many objects the refusal names (the server may say it), else what the list said. */
function objectCountOf(data: unknown, bucket: Bucket): number {
  if (typeof data === 'object' && data !== null) {
    for (const field of ['totalFileQuantity', 'objectCount', 'count']) {
      const value = (data as Record<string, unknown>)[field];
      if (typeof value === 'number' && value > 0) return value;
    }
  }
  return bucket.totalFileQuantity;
}
