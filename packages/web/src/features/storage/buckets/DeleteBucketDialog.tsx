import { useState } from 'react';
import { Modal } from 'antd';
import type { BucketWire } from '@tessera/contract/storage';
import { ErrCode, formatFileSize } from '@tessera/domain';
import { ApiError } from '../../../shared/api';
import { useT } from '../../../shared/i18n';
import { FormFeedback } from '../../account';
import { useDeleteBucket } from './use-buckets';

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
  bucket: BucketWire;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const deletion = useDeleteBucket();
  const [error, setError] = useState<string | null>(null);
  /** Set once the server said the bucket is not empty: the objects that would be deleted. */
  const [objectCount, setObjectCount] = useState<number | null>(null);
  const force = objectCount !== null;

  async function confirm() {
    setError(null);
    try {
      await deletion.mutateAsync({ bucketName: bucket.bucketName, force });
      onDeleted();
    } catch (failure) {
      const refused = failure instanceof ApiError && failure.errCode === ErrCode.Business;
      const count = refused && !force ? objectCountOf(failure.data, bucket) : 0;
      if (count > 0) setObjectCount(count);
      else setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <Modal
      open
      title={t('storagePage.deleteBucket.title', { name: bucket.bucketName })}
      okText={
        force ? t('storagePage.deleteBucket.okWithObjects', { count: objectCount }) : t('storagePage.deleteBucket.ok')
      }
      cancelText={t('storagePage.cancel')}
      okButtonProps={{ danger: true, loading: deletion.isPending }}
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
function objectCountOf(data: unknown, bucket: BucketWire): number {
  if (typeof data === 'object' && data !== null) {
    for (const field of ['totalFileQuantity', 'objectCount', 'count']) {
      const value = (data as Record<string, unknown>)[field];
      if (typeof value === 'number' && value > 0) return value;
    }
  }
  return bucket.totalFileQuantity;
}
