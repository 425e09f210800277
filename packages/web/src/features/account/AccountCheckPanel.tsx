import { useT } from '../../shared/i18n';
import { buttonClass } from '../../shared/ui/button-class';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import type { LoggedInAccount } from './use-logged-in-account';

type Unsettled = Extract<LoggedInAccount, { status: 'checking' | 'error' }>;

/**
 * What a page that depends on who is signed in shows while the account is read, or when it cannot
 * be (with a retry). Test ids: `<testIdPrefix>-checking`, `<testIdPrefix>-error`.
 */
export function AccountCheckPanel({
  account,
  retry,
  testIdPrefix,
}: {
  account: Unsettled;
  retry: () => void;
  testIdPrefix: string;
}) {
  const t = useT();
  if (account.status === 'checking') {
    return (
      <PageContainer>
        <StatusPanel tone="loading" title={t('common.loading')} testId={`${testIdPrefix}-checking`} />
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <StatusPanel
        tone="error"
        title={t('account.guard.error')}
        description={account.message || t('common.error.tryLater')}
        actions={
          <button type="button" className={buttonClass('primary')} onClick={retry}>
            {t('common.retry')}
          </button>
        }
        testId={`${testIdPrefix}-error`}
      />
    </PageContainer>
  );
}
