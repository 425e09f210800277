import { useState } from 'react';
import { Navigate } from 'react-router';
import { Button } from 'antd';
import { routes } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { signOut } from '../../shared/session/sign-out';
import { AccountFrame } from './AccountFrame';
import { SUPPORT_EMAIL } from './support';
import { useGoTo } from './use-go-to';
import { AccountCheckPanel } from './AccountCheckPanel';
import { useLoggedInAccount } from './use-logged-in-account';
import styles from './FreezePage.module.css';

/**
 * /freeze: why the account is frozen and what to do, for a frozen signed-in user only. A visitor
 * goes to the login page (goTo kept: signing in as a frozen user comes back here), a signed-in
 * user whose account is not frozen goes on to goTo or /home.
 */
export function FreezePage() {
  const { account, retry } = useLoggedInAccount();
  const { goTo, target } = useGoTo();

  switch (account.status) {
    case 'frozen':
      return <FrozenAccount reason={account.user.userDetail.reason.trim()} />;
    case 'signedIn':
      return <Navigate replace to={target} />;
    case 'signedOut':
      return <Navigate replace to={routes.login({ goTo })} />;
    case 'checking':
    case 'error':
      return <AccountCheckPanel account={account} retry={retry} testIdPrefix="freeze" />;
  }
}

/** The frozen user's page; without a reason (an older server) it explains in general terms. */
function FrozenAccount({ reason }: { reason: string }) {
  const t = useT();
  const api = useApiClient();
  const [signingOut, setSigningOut] = useState(false);

  return (
    <AccountFrame title={t('account.freeze.title')}>
      <div data-testid="freeze-reason" className={styles.section}>
        {reason ? (
          <>
            <h2 className={styles.heading}>{t('account.freeze.reasonLabel')}</h2>
            <p className={styles.reason}>{reason}</p>
          </>
        ) : (
          <p className={styles.text}>{t('account.freeze.general')}</p>
        )}
      </div>
      <div className={styles.section}>
        <h2 className={styles.heading}>{t('account.freeze.whatToDo')}</h2>
        <p className={styles.text}>{t('account.freeze.contact')}</p>
        <p className={styles.text}>
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
      </div>
      <Button
        size="large"
        block
        loading={signingOut}
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          void signOut(api);
        }}
      >
        {t('account.freeze.signOut')}
      </Button>
    </AccountFrame>
  );
}
