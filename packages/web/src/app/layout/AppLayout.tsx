import { Outlet, useNavigation } from 'react-router';
import { useT } from '../../shared/i18n';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { LayoutPresenceContext } from '../../shared/ui/layout-presence';
import styles from './AppLayout.module.css';

/** Route 2 of SPEC §2.1: header, the page, footer. */
export function AppLayout() {
  const t = useT();
  const navigating = useNavigation().state !== 'idle';
  return (
    <div className={styles.shell}>
      <a href="#main-content" className={styles.skipLink}>
        {t('common.skipToContent')}
      </a>
      {navigating ? <div className={styles.progress} role="progressbar" aria-label={t('common.loading')} /> : null}
      <AppHeader />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <LayoutPresenceContext value>
          <Outlet />
        </LayoutPresenceContext>
      </main>
      <AppFooter />
    </div>
  );
}
