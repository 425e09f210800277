import type { ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import type { PagedList } from './use-infinite-list';
import styles from './PagedListView.module.css';

export interface PagedListViewProps<T> {
  list: PagedList<T>;
  /** Prefix of the test ids: `{testId}-loading`, `-empty`, `-error`, `-more`. */
  testId: string;
  emptyTitle: string;
  emptyDescription?: string;
  emptyActions?: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** The loading, empty and error states of a paged list, its items and the "load more" button. */
export function PagedListView<T>({
  list,
  testId,
  emptyTitle,
  emptyDescription,
  emptyActions,
  children,
}: PagedListViewProps<T>) {
  const t = useT();
  switch (list.status) {
    case 'loading':
      return <StatusPanel tone="loading" title={t('common.loading')} testId={`${testId}-loading`} />;
    case 'error':
      return (
        <StatusPanel
          tone="error"
          title={t('resourcesPage.list.error')}
          description={list.error || t('common.error.tryLater')}
          actions={<Button onClick={list.reload}>{t('common.retry')}</Button>}
          testId={`${testId}-error`}
        />
      );
    case 'empty':
      return (
        <StatusPanel
          tone="empty"
          title={emptyTitle}
          description={emptyDescription}
          actions={emptyActions}
          testId={`${testId}-empty`}
        />
      );
    case 'loaded':
      return (
        <>
          {children(list.items)}
          <div className={styles.footer}>
            {list.error ? <Alert type="error" showIcon title={list.error} className={styles.alert} /> : null}
            {list.hasMore ? (
              <Button onClick={list.loadMore} loading={list.loadingMore} data-testid={`${testId}-more`}>
                {t('resourcesPage.list.loadMore')}
              </Button>
            ) : (
              <p className={styles.end}>{t('resourcesPage.list.count', { count: list.total })}</p>
            )}
          </div>
        </>
      );
  }
}
