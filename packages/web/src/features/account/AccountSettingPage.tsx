import { useT } from '../../shared/i18n';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useLoggedInUser } from './LoggedArea';
import styles from './AccountSettingPage.module.css';

/** /logged/setting: the account as it is; editing comes with the next part of the accounts issue. */
export function AccountSettingPage() {
  const t = useT();
  const user = useLoggedInUser();
  useDocumentTitle(t('account.setting.title'));
  const rows = [
    { label: t('account.field.username'), value: user.username },
    { label: t('account.setting.email'), value: user.email },
    { label: t('account.setting.mobile'), value: user.mobile },
  ];

  return (
    <PageContainer>
      <PageHeading title={t('account.setting.title')} />
      <section className={styles.card} aria-labelledby="account-setting-account">
        <h2 id="account-setting-account" className={styles.heading}>
          {t('account.setting.account')}
        </h2>
        <dl className={styles.list} data-testid="account-details">
          {rows.map(({ label, value }) => (
            <div key={label} className={styles.row}>
              <dt>{label}</dt>
              <dd className={value ? undefined : styles.empty}>{value || t('account.setting.notBound')}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.note}>{t('account.setting.editingNext')}</p>
      </section>
    </PageContainer>
  );
}
