import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { buttonClass } from '../../shared/ui/button-class';
import { authorizeAddress, providersQuery } from './third-party-api';
import styles from './ThirdPartySignIn.module.css';

/**
 * "Sign in with {name}" for each configured provider, under the password form; nothing at all
 * when none is configured. Plain links: the browser leaves for the provider's pages.
 */
export function ThirdPartySignIn({ goTo }: { goTo: string }) {
  const t = useT();
  const api = useApiClient();
  const { data: providers = [] } = useQuery(providersQuery(api));
  if (providers.length === 0) return null;
  return (
    <div className={styles.signIn} data-testid="third-party-sign-in">
      <div className={styles.divider}>{t('thirdParty.signIn.or')}</div>
      {providers.map(({ type, name }) => (
        <a
          key={type}
          className={`${buttonClass('secondary', 'large')} ${styles.button}`}
          href={authorizeAddress(api, type, goTo)}
          data-testid={`third-party-sign-in-${type}`}
        >
          {t('thirdParty.signIn.with', { name })}
        </a>
      ))}
    </div>
  );
}
