import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { BucketWire, SpaceStatisticsWire } from '@tessera/contract/storage';
import { formatFileSize, routes } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import { MAX_USER_BUCKETS } from '../storage-api';
import { QuotaBar } from './QuotaBar';
import styles from './BucketPanel.module.css';

export interface BucketPanelProps {
  buckets: BucketWire[];
  statistics: SpaceStatisticsWire | null;
  selected: string;
  onCreate: () => void;
  onDelete: (bucket: BucketWire) => void;
}

/** The bucket list with the selected one marked, the quota and the "create bucket" action. */
export function BucketPanel({ buckets, statistics, selected, onCreate, onDelete }: BucketPanelProps) {
  const t = useT();
  const headingId = useId();
  const limitId = useId();
  const atLimit = (statistics?.bucketCount ?? buckets.length) >= MAX_USER_BUCKETS;

  return (
    <aside className={styles.panel}>
      <nav aria-labelledby={headingId} data-testid="bucket-list">
        <div className={styles.titleRow}>
          <h2 id={headingId} className={styles.heading}>
            {t('storagePage.buckets.title')}
          </h2>
          <span className={styles.count}>
            {t('storagePage.buckets.count', { count: buckets.length, max: MAX_USER_BUCKETS })}
          </span>
        </div>
        {buckets.length > 0 ? (
          <ul className={styles.list}>
            {buckets.map((bucket) => (
              <BucketItem
                key={bucket.bucketName}
                bucket={bucket}
                current={bucket.bucketName === selected}
                onDelete={() => onDelete(bucket)}
              />
            ))}
          </ul>
        ) : (
          <p className={styles.none}>{t('storagePage.buckets.none')}</p>
        )}
      </nav>
      <Button
        block
        icon={<PlusOutlined aria-hidden />}
        onClick={onCreate}
        disabled={atLimit}
        aria-describedby={atLimit ? limitId : undefined}
      >
        {t('storagePage.buckets.create')}
      </Button>
      {atLimit ? (
        <p id={limitId} className={styles.limit}>
          {t('storagePage.buckets.limitReached', { max: MAX_USER_BUCKETS })}
        </p>
      ) : null}
      {statistics ? <QuotaBar statistics={statistics} /> : null}
    </aside>
  );
}

function BucketItem({ bucket, current, onDelete }: { bucket: BucketWire; current: boolean; onDelete: () => void }) {
  const t = useT();
  const { bucketName } = bucket;
  return (
    <li className={current ? `${styles.item} ${styles.current}` : styles.item}>
      <Link
        to={routes.storage({ bucketName })}
        className={styles.link}
        aria-current={current ? 'page' : undefined}
        data-testid="bucket-link"
      >
        <span className={styles.name}>{bucketName}</span>
        <span className={styles.meta}>
          {t('storagePage.buckets.summary', {
            count: bucket.totalFileQuantity,
            size: formatFileSize(bucket.totalFileSize),
          })}
        </span>
      </Link>
      <Button
        className={styles.delete}
        type="text"
        size="small"
        icon={<DeleteOutlined aria-hidden />}
        aria-label={t('storagePage.buckets.delete', { name: bucketName })}
        onClick={onDelete}
      />
    </li>
  );
}
