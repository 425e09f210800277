import { Link } from 'react-router';
import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { BrandMark } from '../../shared/ui/BrandMark';
import styles from './AppFooter.module.css';

export function AppFooter() {
  const t = useT();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>
            <BrandMark size={22} />
            <span>{t('common.appName')}</span>
          </p>
          <p className={styles.tagline}>{t('common.tagline')}</p>
        </div>
        <nav aria-label={t('common.footer.navLabel')}>
          <ul className={styles.links}>
            <li>
              <Link to={routes.guideFreelog()}>{t('common.nav.guide')}</Link>
            </li>
            <li>
              <Link to={routes.activities()}>{t('common.nav.activities')}</Link>
            </li>
          </ul>
        </nav>
        <p className={styles.copyright}>{t('common.footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
