import { Link, NavLink, useMatch } from 'react-router';
import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { BrandMark } from '../../shared/ui/BrandMark';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { UserArea } from './UserArea';
import styles from './AppHeader.module.css';

export function AppHeader() {
  const t = useT();
  // An activity's detail page belongs to the Activities section.
  const onActivityDetail = useMatch('/activity/:id') !== null;
  // A resource's details page belongs to the Market section.
  const onResourceDetails = useMatch('/resource/details/:id') !== null;
  const navClass = (active: boolean) => (active ? `${styles.navLink} ${styles.active}` : styles.navLink);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={routes.home()} className={styles.brand}>
          <BrandMark />
          <span className={styles.brandName}>{t('common.appName')}</span>
        </Link>
        <nav className={styles.nav} aria-label={t('common.nav.label')}>
          <NavLink to={routes.home()} className={({ isActive }) => navClass(isActive)}>
            {t('common.nav.home')}
          </NavLink>
          <NavLink to={routes.activities()} className={({ isActive }) => navClass(isActive || onActivityDetail)}>
            {t('common.nav.activities')}
          </NavLink>
          <NavLink to={routes.market()} className={({ isActive }) => navClass(isActive || onResourceDetails)}>
            {t('resourcesPage.nav.market')}
          </NavLink>
          <NavLink to={routes.examples()} className={({ isActive }) => navClass(isActive)}>
            {t('nodesPage.nav.examples')}
          </NavLink>
        </nav>
        <div className={styles.actions}>
          <LanguageSwitch />
          <UserArea />
        </div>
      </div>
    </header>
  );
}
