import { useT } from '../../shared/i18n';
import { formatCoins } from './money';
import { AccountStatus, type Account } from './wallet-api';
import { WalletSection } from './WalletSection';
import styles from './wallet.module.css';

/** The balance, the coins held back, and a frozen account's notice. */
export function BalanceSection({ account }: { account: Account }) {
  const t = useT();
  return (
    <WalletSection title={t('walletPage.balance.title')} testId="wallet-balance">
      <p className={styles.balance}>
        <span data-testid="wallet-balance-amount">{formatCoins(account.balance)}</span>
        <span className={styles.unit}>{t('walletPage.coins')}</span>
      </p>
      <dl className={styles.facts}>
        <dt>{t('walletPage.balance.held')}</dt>
        <dd>{formatCoins(account.freezeBalance)}</dd>
        <dt>{t('walletPage.balance.account')}</dt>
        <dd>{account.accountName}</dd>
      </dl>
      {account.status === AccountStatus.Frozen ? (
        <p role="alert" className={styles.warning} data-testid="wallet-frozen">
          {t('walletPage.balance.frozen')}
        </p>
      ) : null}
    </WalletSection>
  );
}
