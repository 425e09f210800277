import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { currentUserQuery } from '../../shared/session/current-user';
import { signOut } from '../../shared/session/sign-out';
import { AccountFrame } from './AccountFrame';
import { SUPPORT_EMAIL } from './support';
import styles from './FreezePage.module.css';

/**
 * /freeze: why the account is frozen and what to do. Calls under /v2/users still answer a frozen
 * user, so the page asks for the reason; without one (signed out, or an older server) it explains
 * in general terms.
 */
export function FreezePage() {
  const t = useT();
  const api = useApiClient();
  const reason = useFreezeReason();
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

function useFreezeReason(): string {
  const api = useApiClient();
  const { data } = useQuery({ ...currentUserQuery(api, { redirect: false }), retry: false });
  return data?.userDetail.reason.trim() ?? '';
}
