import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { lazyPart } from '../../shared/ui/lazy-part';
import { statisticsQuery } from './wallet-api';
import { WalletSection } from './WalletSection';
import styles from './wallet.module.css';

// The chart is its own chunk: the page shows the balance and the statement without waiting for it.
const DailyChart = lazyPart(
  () => import('./DailyChart'),
  (module) => module.DailyChart,
);

/** Income and spending per day over the last 30 platform days. */
export function ChartSection({ userId }: { userId: number }) {
  const t = useT();
  const api = useApiClient();
  const statistics = useQuery(statisticsQuery(api, userId));
  const loading = (
    <p role="status" className={styles.muted}>
      {t('common.loading')}
    </p>
  );

  return (
    <WalletSection title={t('walletPage.chart.title')} testId="wallet-statistics">
      {statistics.data ? (
        <Suspense fallback={loading}>
          <DailyChart days={statistics.data.days} income={statistics.data.income} spending={statistics.data.spending} />
        </Suspense>
      ) : statistics.isError ? (
        <p role="alert" className={styles.warning}>
          {errorMessage(statistics.error) || t('common.error.tryLater')}{' '}
          <Button size="small" onClick={() => void statistics.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : (
        loading
      )}
    </WalletSection>
  );
}
