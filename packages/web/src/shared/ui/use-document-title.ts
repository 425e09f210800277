import { useEffect } from 'react';
import { useT } from '../i18n';

/** Sets `document.title` to "<title> - Tessera" (or just the product name without a title). */
export function useDocumentTitle(title: string | undefined): void {
  const t = useT();
  const full = title ? t('common.documentTitle', { title }) : t('common.appName');
  useEffect(() => {
    document.title = full;
  }, [full]);
}
