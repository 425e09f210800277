import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useLoggedInUser } from '../account';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { ActivationSection } from './ActivationSection';
import { BalanceSection } from './BalanceSection';
import { ChangePayPasswordSection } from './ChangePayPasswordSection';
import { ChartSection } from './ChartSection';
import { SignInSection } from './SignInSection';
import { StatementSection } from './StatementSection';
import { accountQuery, AccountStatus } from './wallet-api';
import styles from './wallet.module.css';

/** /logged/wallet: activation first; then the balance, the daily sign-in, the statement and the pay password. */
export function WalletPage() {
  const t = useT();
  const api = useApiClient();
  const user = useLoggedInUser();
  const account = useQuery(accountQuery(api, user.userId));
  useDocumentTitle(t('walletPage.title'));

  let content;
  if (account.data?.status === AccountStatus.NotActivated) {
    content = (
      <div className={styles.grid}>
        <ActivationSection user={user} />
        <SignInSection />
      </div>
    );
  } else if (account.data) {
    content = (
      <div className={styles.stack}>
        <div className={styles.grid}>
          <BalanceSection account={account.data} />
          <SignInSection />
        </div>
        <ChartSection userId={user.userId} />
        <StatementSection accountId={account.data.accountId} />
        <ChangePayPasswordSection user={user} />
      </div>
    );
  } else if (account.isError) {
    content = (
      <StatusPanel
        tone="error"
        title={t('walletPage.error')}
        description={errorMessage(account.error) || t('common.error.tryLater')}
        actions={<Button onClick={() => void account.refetch()}>{t('common.retry')}</Button>}
        testId="wallet-error"
      />
    );
  } else {
    content = <StatusPanel tone="loading" title={t('walletPage.loading')} testId="wallet-loading" />;
  }

  return (
    <PageContainer>
      <PageHeading title={t('walletPage.title')} lead={t('walletPage.lead')} />
      {content}
    </PageContainer>
  );
}
