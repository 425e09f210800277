import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { ObjectWire } from '@tessera/contract/storage';
import { useApiClient } from '../../../shared/api';
import { useT } from '../../../shared/i18n';
import { StatusPanel } from '../../../shared/ui/StatusPanel';
import { DeleteObjectsDialog } from '../objects/DeleteObjectsDialog';
import { objectFileAddress } from '../storage-api';
import { FileFacts } from './FileFacts';
import { ObjectEditor } from './ObjectEditor';
import { useObjectDetails } from './use-object-details';
import styles from './ObjectDrawer.module.css';

export interface ObjectDrawerProps {
  /** '' while no object is open. */
  objectId: string;
  onClose: () => void;
}

/** The details of the object named by `objectID` in the address: facts, editor, download, delete. */
export function ObjectDrawer({ objectId, onClose }: ObjectDrawerProps) {
  const t = useT();
  // While the drawer slides away its object stays shown.
  const [shownId, setShownId] = useState(objectId);
  if (objectId && objectId !== shownId) setShownId(objectId);
  const { details, retry } = useObjectDetails(shownId);
  const object = details.status === 'loaded' ? details.object : null;

  return (
    <Drawer
      open={objectId !== ''}
      onClose={onClose}
      size="min(680px, 100vw)"
      title={object ? <span className={styles.title}>{object.objectName}</span> : t('storagePage.details.title')}
      extra={object ? <DrawerActions object={object} onDeleted={onClose} /> : null}
      closable={{ 'aria-label': t('storagePage.details.close') }}
      destroyOnHidden
    >
      {details.status === 'loading' ? <StatusPanel tone="loading" title={t('storagePage.loading')} /> : null}
      {details.status === 'notFound' ? <StatusPanel tone="notFound" title={t('storagePage.details.notFound')} /> : null}
      {details.status === 'error' ? (
        <StatusPanel
          tone="error"
          title={t('storagePage.details.error')}
          description={details.message}
          actions={<Button onClick={retry}>{t('storagePage.retry')}</Button>}
        />
      ) : null}
      {object ? (
        <div className={styles.body}>
          <p className={styles.location}>{t('storagePage.details.location', { bucket: object.bucketName })}</p>
          <FileFacts object={object} />
          <ObjectEditor key={object.objectId} object={object} />
        </div>
      ) : null}
    </Drawer>
  );
}

function DrawerActions({ object, onDeleted }: { object: ObjectWire; onDeleted: () => void }) {
  const t = useT();
  const api = useApiClient();
  const [deleting, setDeleting] = useState(false);
  return (
    <div className={styles.actions}>
      {/* A plain navigation: the browser downloads the bytes with the session cookie (API.md §1.11). */}
      <Button
        icon={<DownloadOutlined aria-hidden />}
        href={objectFileAddress(api, object.objectId)}
        download={object.objectName}
      >
        {t('storagePage.details.download')}
      </Button>
      <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setDeleting(true)}>
        {t('storagePage.details.delete')}
      </Button>
      {deleting ? (
        <DeleteObjectsDialog
          bucketName={object.bucketName}
          objects={[object]}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            onDeleted();
          }}
        />
      ) : null}
    </div>
  );
}
