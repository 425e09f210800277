import { Link } from 'react-router';
import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import styles from './wallet.module.css';

/** Codes go to a bound address: without one the form cannot work, so the user is sent to the personal centre. */
export function NoBoundAddressNotice() {
  const t = useT();
  return (
    <p role="alert" data-testid="wallet-no-address">
      {t('walletPage.activate.noAddress')}{' '}
      <Link to={routes.logged.setting()} className={styles.link}>
        {t('walletPage.activate.toSetting')}
      </Link>
    </p>
  );
}
