import { useT } from '../../shared/i18n';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { AccountSummary } from './setting/AccountSummary';
import { AddressSection } from './setting/AddressSection';
import { AvatarSection } from './setting/AvatarSection';
import { PasswordSection } from './setting/PasswordSection';
import { ProfileSection } from './setting/ProfileSection';
import { useSettingAccount } from './setting/use-setting-account';
import styles from './AccountSettingPage.module.css';

/** /logged/setting: the account, the avatar, the profile, the password and the bound addresses. */
export function AccountSettingPage() {
  const t = useT();
  const { user, reload } = useSettingAccount();
  useDocumentTitle(t('account.setting.title'));
  const refresh = () => void reload();

  return (
    <PageContainer>
      <PageHeading title={t('account.setting.title')} />
      <div className={styles.sections}>
        <div className={styles.column}>
          <AccountSummary user={user} />
          <AvatarSection user={user} onChanged={refresh} />
        </div>
        <div className={styles.column}>
          <ProfileSection detail={user.userDetail} onSaved={refresh} />
          <PasswordSection />
          <AddressSection user={user} onChanged={refresh} />
        </div>
      </div>
    </PageContainer>
  );
}
