import { useEffect } from 'react';
import { useT } from '../i18n';

/**
 * Sets `document.title` to "<title> - Tessera", or just the title when it names the product already
 * ("Sign in to Tessera"), or just the product name without a title.
 */
export function useDocumentTitle(title: string | undefined): void {
  const t = useT();
  const appName = t('common.appName');
  const full = !title ? appName : title.includes(appName) ? title : t('common.documentTitle', { title });
  useEffect(() => {
    document.title = full;
  }, [full]);
}
