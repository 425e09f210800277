import { useId } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { errorMessage, useApiClient } from '../../../shared/api';
import { useI18nState } from '../../../shared/i18n';
import { StatusPanel } from '../../../shared/ui/StatusPanel';
import { contractHistoryQuery } from '../contracts-api';
import { platformDate } from '../platform-time';
import styles from './drawer.module.css';

/** The contract's transition records, oldest first, as the server words them in the reader's language. */
export function ContractHistory({ contractId }: { contractId: string }) {
  const { t, language } = useI18nState();
  const api = useApiClient();
  const headingId = useId();
  const history = useInfiniteQuery(contractHistoryQuery(api, contractId, language));
  const records = history.data?.pages.flatMap((page) => page.dataList) ?? [];

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.heading}>
        {t('contractsPage.drawer.history')}
      </h2>
      {history.isPending ? (
        <p role="status" className={styles.muted}>
          {t('common.loading')}
        </p>
      ) : history.isError && records.length === 0 ? (
        <StatusPanel
          tone="error"
          title={t('contractsPage.drawer.history.error')}
          description={errorMessage(history.error)}
          actions={<Button onClick={() => void history.refetch()}>{t('common.retry')}</Button>}
          testId="contract-history-error"
        />
      ) : (
        <>
          <ol className={styles.history} aria-labelledby={headingId} data-testid="contract-history">
            {records.map((record) => (
              <li key={record.recordId}>
                <time dateTime={record.createDate}>{platformDate(record.createDate)}</time>{' '}
                <span>{record.translation ?? `${record.fromState} → ${record.toState}`}</span>
              </li>
            ))}
          </ol>
          {history.hasNextPage ? (
            <Button onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
              {t('contractsPage.drawer.history.more')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
