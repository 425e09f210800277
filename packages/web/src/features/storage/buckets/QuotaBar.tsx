import { useId } from 'react';
import { Progress } from 'antd';
import type { SpaceStatisticsWire } from '@tessera/contract/storage';
import { formatFileSize } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import { roundSize } from '../file-size';
import styles from './QuotaBar.module.css';

/** From this share of the quota on, the bar turns to a warning. */
const NEARLY_FULL_PERCENT = 90;

/** Used space against the quota (GET /v2/storages/buckets/spaceStatistics). */
export function QuotaBar({ statistics }: { statistics: SpaceStatisticsWire }) {
  const t = useT();
  const headingId = useId();
  const { totalFileSize: used, storageLimit: limit } = statistics;
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 1000) / 10) : 0;
  const usedText = t('storagePage.quota.used', { used: formatFileSize(used), limit: roundSize(limit) });
  return (
    <section className={styles.quota} aria-labelledby={headingId} data-testid="storage-quota">
      <div className={styles.row}>
        <h2 id={headingId} className={styles.heading}>
          {t('storagePage.quota.title')}
        </h2>
        <span className={styles.percent}>{percent}%</span>
      </div>
      <Progress
        percent={percent}
        showInfo={false}
        status={percent >= NEARLY_FULL_PERCENT ? 'exception' : 'normal'}
        aria-label={t('storagePage.quota.bar')}
        aria-valuetext={usedText}
      />
      <p className={styles.detail}>{usedText}</p>
      {percent >= NEARLY_FULL_PERCENT ? (
        <p className={styles.warning}>
          {t('storagePage.quota.nearlyFull', { left: formatFileSize(Math.max(0, limit - used)) })}
        </p>
      ) : null}
    </section>
  );
}
