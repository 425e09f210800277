import { Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { BucketWire } from '@tessera/contract/storage';
import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useOpenedOnce } from '../../shared/ui/use-opened-once';
import { lazyPart } from '../../shared/ui/lazy-part';
import { BucketPanel } from './buckets/BucketPanel';
import { spaceLeftOf, useBuckets } from './buckets/use-buckets';
import { ObjectsPane } from './objects/ObjectsPane';
import { shownBucket, useStorageAddress } from './storage-address';
import { useBucketContentsChanged } from './storage-queries';
import { UploadAnnouncer } from './upload/UploadAnnouncer';
import { UploadPanel } from './upload/UploadPanel';
import { useUploadQueue } from './upload/use-upload-queue';
import styles from './StoragePage.module.css';

// The dialogs and the object drawer load on first use: the first screen is the buckets and the list.
const CreateBucketDialog = lazyPart(
  () => import('./buckets/CreateBucketDialog'),
  (module) => module.CreateBucketDialog,
);
const DeleteBucketDialog = lazyPart(
  () => import('./buckets/DeleteBucketDialog'),
  (module) => module.DeleteBucketDialog,
);
const ObjectDrawer = lazyPart(
  () => import('./details/ObjectDrawer'),
  (module) => module.ObjectDrawer,
);
const OverwriteDialog = lazyPart(
  () => import('./upload/OverwriteDialog'),
  (module) => module.OverwriteDialog,
);

/** /storage?bucketName&createBucket&objectID: the signed-in user's buckets, objects and uploads. */
export function StoragePage() {
  const t = useT();
  useDocumentTitle(t('storagePage.title'));
  const address = useStorageAddress();
  const { state, retry } = useBuckets();
  const [deleting, setDeleting] = useState<BucketWire | null>(null);
  // An upload created or replaced an object: the bucket's list, totals and the quota are asked again.
  const onSaved = useBucketContentsChanged();
  const [queue, uploads] = useUploadQueue({ spaceLeft: spaceLeftOf(state), onSaved });
  const objectDrawerOpened = useOpenedOnce(address.objectID !== '');

  const buckets = state.status === 'loaded' ? state.buckets : [];
  const selected = shownBucket(address.bucketName, buckets);
  // Without a bucket in the address the first one is shown at once, and the address then says so; not
  // while the create dialog is open: the first bucket is shown behind it, and the bucket it creates when it closes.
  const unnamed = !address.bucketName && !address.createBucket ? selected?.bucketName : undefined;
  const { nameShownBucket } = address;
  useEffect(() => {
    if (unnamed) nameShownBucket(unnamed);
  }, [unnamed, nameShownBucket]);

  return (
    <PageContainer>
      <PageHeading title={t('storagePage.title')} lead={t('storagePage.lead')} />
      {state.status === 'loading' ? (
        <StatusPanel tone="loading" title={t('storagePage.loading')} testId="storage-loading" />
      ) : null}
      {state.status === 'error' ? (
        <StatusPanel
          tone="error"
          title={t('storagePage.buckets.error')}
          description={state.message || t('common.error.tryLater')}
          actions={<Button onClick={retry}>{t('storagePage.retry')}</Button>}
          testId="storage-error"
        />
      ) : null}
      {state.status === 'loaded' ? (
        <div className={styles.layout}>
          <BucketPanel
            buckets={buckets}
            statistics={state.statistics}
            selected={selected?.bucketName ?? address.bucketName}
            onCreate={address.openCreateBucket}
            onDelete={setDeleting}
          />
          {selected ? (
            <ObjectsPane
              key={selected.bucketName}
              bucket={selected}
              onFiles={(files) => queue.add(files, selected.bucketName)}
              onOpen={address.openObject}
            />
          ) : buckets.length === 0 ? (
            <StatusPanel
              tone="empty"
              title={t('storagePage.buckets.emptyTitle')}
              description={t('storagePage.buckets.emptyText')}
              actions={
                <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={address.openCreateBucket}>
                  {t('storagePage.buckets.create')}
                </Button>
              }
              testId="storage-no-buckets"
            />
          ) : (
            <StatusPanel
              tone="notFound"
              title={t('storagePage.buckets.notFound', { name: address.bucketName })}
              actions={
                <ButtonLink to={routes.storage({ bucketName: buckets[0]?.bucketName })}>
                  {t('storagePage.buckets.showFirst')}
                </ButtonLink>
              }
              testId="bucket-not-found"
            />
          )}
        </div>
      ) : null}

      {address.createBucket && state.status === 'loaded' ? (
        <Suspense fallback={null}>
          <CreateBucketDialog
            onClose={() => address.closeCreateBucket()}
            onCreated={(bucket) => address.closeCreateBucket(bucket.bucketName)}
          />
        </Suspense>
      ) : null}
      {deleting ? (
        <Suspense fallback={null}>
          <DeleteBucketDialog
            bucket={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={() => {
              // The first remaining bucket is shown in place of a deleted one.
              if (deleting.bucketName === address.bucketName) address.showBucket('', true);
              setDeleting(null);
            }}
          />
        </Suspense>
      ) : null}
      {objectDrawerOpened ? (
        <Suspense fallback={null}>
          <ObjectDrawer objectId={address.objectID} onClose={address.closeObject} />
        </Suspense>
      ) : null}
      {uploads.question ? (
        <Suspense fallback={null}>
          <OverwriteDialog
            key={uploads.question.taskId}
            question={uploads.question}
            onAnswer={(replace, applyToAll) => queue.answer(replace, applyToAll)}
          />
        </Suspense>
      ) : null}
      <UploadPanel queue={queue} tasks={uploads.tasks} />
      <UploadAnnouncer announcement={uploads.announcement} />
    </PageContainer>
  );
}
