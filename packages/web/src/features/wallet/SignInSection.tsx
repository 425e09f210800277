import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { signInInfoQuery, useDailySignIn } from '../../shared/session/daily-sign-in';
import { formatCoins } from './money';
import { WalletSection } from './WalletSection';
import styles from './wallet.module.css';

/** The daily sign-in: the streak, today's state, the coins earned so far, and the button while today is open. */
export function SignInSection() {
  const t = useT();
  const api = useApiClient();
  const info = useQuery(signInInfoQuery(api));
  const signIn = useDailySignIn(api);
  const signedToday = info.data?.isSignedToday ?? false;

  return (
    <WalletSection title={t('walletPage.signIn.title')} testId="wallet-sign-in">
      {info.data ? (
        <>
          <p className={styles.streak}>
            <span className={styles.streakDays} data-testid="sign-in-streak">
              {t('walletPage.signIn.streak', { days: info.data.seriesDays })}
            </span>
            <span className={styles.muted}>
              {t('walletPage.signIn.total', {
                days: info.data.totalDays,
                coins: formatCoins(info.data.totalReward),
                cap: formatCoins(info.data.rewardCap),
              })}
            </span>
          </p>
          <div className={styles.actions}>
            <Button
              type="primary"
              onClick={() => signIn.mutate()}
              loading={signIn.isPending}
              disabled={signedToday || signIn.isPending}
              data-testid="sign-in-button"
            >
              {signedToday ? t('walletPage.signIn.done') : t('walletPage.signIn.action')}
            </Button>
          </div>
        </>
      ) : info.isError ? (
        <p role="alert" className={styles.warning}>
          {errorMessage(info.error) || t('common.error.tryLater')}{' '}
          <Button size="small" onClick={() => void info.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      ) : (
        <p role="status" className={styles.muted}>
          {t('common.loading')}
        </p>
      )}
      <p role="status" className={signIn.isError ? styles.warning : styles.muted} data-testid="sign-in-result">
        {signIn.data
          ? t('walletPage.signIn.rewarded', {
              coins: formatCoins(signIn.data.rewardAmount),
              days: signIn.data.seriesDays,
            })
          : signIn.isError
            ? errorMessage(signIn.error)
            : null}
      </p>
    </WalletSection>
  );
}
