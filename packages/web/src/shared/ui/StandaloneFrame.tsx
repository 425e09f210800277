import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routes } from '@tessera/domain';
import { useT } from '../i18n';
import { BrandMark } from './BrandMark';
import { LanguageSwitch } from './LanguageSwitch';
import styles from './StandaloneFrame.module.css';

/**
 * The frame of a page outside the layout (routes 1 and 8): the brand as a way home and the
 * language switch, nothing else.
 */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <Link to={routes.home()} className={styles.brand}>
          <BrandMark />
          <span>{t('common.appName')}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main id="main-content" className={styles.main}>
        {children}
      </main>
    </div>
  );
}
