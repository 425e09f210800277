import type { CurrentUserWire } from '@tessera/contract/identity';
import { useT } from '../../../shared/i18n';
import { SettingSection } from './SettingSection';
import styles from './AccountSummary.module.css';

/** The username and the addresses the account is reached at. */
export function AccountSummary({ user }: { user: CurrentUserWire }) {
  const t = useT();
  const rows = [
    { label: t('account.field.username'), value: user.username },
    { label: t('account.setting.email'), value: user.email },
    { label: t('account.setting.mobile'), value: user.mobile },
  ];
  return (
    <SettingSection title={t('account.setting.account')} testId="account-summary">
      <dl className={styles.list} data-testid="account-details">
        {rows.map(({ label, value }) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd className={value ? undefined : styles.empty}>{value || t('account.setting.notBound')}</dd>
          </div>
        ))}
      </dl>
    </SettingSection>
  );
}
