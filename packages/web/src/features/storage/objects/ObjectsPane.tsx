import { Suspense, useEffect, useId, useState } from 'react';
import { Button, Input } from 'antd';
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import type { BucketWire } from '@tessera/contract/storage';
import { useT } from '../../../shared/i18n';
import { StatusPanel } from '../../../shared/ui/StatusPanel';
import { useAfterFirstPaint } from '../../../shared/ui/use-after-first-paint';
import { lazyPart } from '../../../shared/ui/lazy-part';
import { UploadZone } from '../upload/UploadZone';
import { ObjectTable } from './ObjectTable';
import { DEFAULT_OBJECT_VIEW, useObjects, type ObjectListView } from './use-objects';
import styles from './ObjectsPane.module.css';

// Loaded when the user first deletes: the list's first screen does without it.
const DeleteObjectsDialog = lazyPart(
  () => import('./DeleteObjectsDialog'),
  (module) => module.DeleteObjectsDialog,
);

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 300;

export interface ObjectsPaneProps {
  bucket: BucketWire;
  onFiles: (files: File[]) => void;
  onOpen: (objectId: string) => void;
}

/** The selected bucket: its objects, the search, the upload zone and the bulk deletion. */
export function ObjectsPane({ bucket, onFiles, onOpen }: ObjectsPaneProps) {
  const t = useT();
  const headingId = useId();
  const { bucketName } = bucket;
  const [view, setView] = useState<ObjectListView>(DEFAULT_OBJECT_VIEW);
  const [selected, setSelected] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);
  const { result, loading, error, reload } = useObjects(bucketName, view);
  const tableShown = useAfterFirstPaint();

  // Deleting the last objects of the last page leaves an empty page behind: show the one before.
  if (!loading && result && result.dataList.length === 0 && view.page > 1) setView({ ...view, page: view.page - 1 });

  const searching = view.keywords !== '';
  const empty = !loading && !error && !searching && result?.totalItem === 0;
  const selectedObjects = (result?.dataList ?? []).filter((object) => selected.includes(object.objectId));

  return (
    <section className={styles.pane} aria-labelledby={headingId}>
      <header className={styles.header}>
        <div className={styles.title}>
          <h2 id={headingId} className={styles.heading}>
            {bucketName}
          </h2>
          <span className={styles.count}>{t('storagePage.objects.count', { count: bucket.totalFileQuantity })}</span>
        </div>
        {empty ? null : (
          <SearchBox
            keywords={view.keywords}
            onSearch={(keywords) => setView((current) => ({ ...current, keywords, page: 1 }))}
          />
        )}
      </header>

      {error ? (
        <StatusPanel
          tone="error"
          title={t('storagePage.objects.error')}
          description={error}
          actions={<Button onClick={reload}>{t('storagePage.retry')}</Button>}
          testId="objects-error"
        />
      ) : (
        <>
          {empty ? (
            <div className={styles.empty} data-testid="objects-empty">
              <h3 className={styles.emptyTitle}>{t('storagePage.objects.emptyTitle')}</h3>
              <p className={styles.emptyText}>{t('storagePage.objects.emptyText')}</p>
            </div>
          ) : null}
          {/* One zone in one place, large while the bucket is empty: files chosen meanwhile stay chosen. */}
          <UploadZone bucketName={bucketName} onFiles={onFiles} prominent={empty} />
          {!empty && selected.length > 0 ? (
            <div className={styles.selection} role="region" aria-label={t('storagePage.objects.selectionLabel')}>
              <span>{t('storagePage.objects.selected', { count: selected.length })}</span>
              <Button size="small" onClick={() => setSelected([])}>
                {t('storagePage.objects.clearSelection')}
              </Button>
              <Button size="small" danger icon={<DeleteOutlined aria-hidden />} onClick={() => setDeleting(true)}>
                {t('storagePage.objects.deleteSelected', { count: selected.length })}
              </Button>
            </div>
          ) : null}
          {empty ? null : !tableShown ? (
            <div className={styles.tablePlaceholder} aria-busy="true" data-testid="objects-table-placeholder" />
          ) : (
            <ObjectTable
              bucketName={bucketName}
              result={result}
              loading={loading}
              view={view}
              onViewChange={(next) => {
                setView(next);
                setSelected([]);
              }}
              selected={selected}
              onSelect={setSelected}
              onOpen={onOpen}
            />
          )}
        </>
      )}

      {deleting ? (
        <Suspense fallback={null}>
          <DeleteObjectsDialog
            bucketName={bucketName}
            objects={selectedObjects}
            onClose={() => setDeleting(false)}
            onDeleted={() => {
              setDeleting(false);
              setSelected([]);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** The name search; it asks the server once typing pauses. */
function SearchBox({ keywords, onSearch }: { keywords: string; onSearch: (keywords: string) => void }) {
  const t = useT();
  const [text, setText] = useState(keywords);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === keywords) return;
    const timer = setTimeout(() => onSearch(wanted), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, keywords, onSearch]);

  return (
    <Input
      className={styles.search}
      type="search"
      allowClear
      prefix={<SearchOutlined aria-hidden="true" />}
      placeholder={t('storagePage.objects.search')}
      aria-label={t('storagePage.objects.search')}
      value={text}
      maxLength={100}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
