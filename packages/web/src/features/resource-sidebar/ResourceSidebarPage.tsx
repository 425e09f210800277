import { useT } from '../../shared/i18n';
import { PageContainer } from '../../shared/ui/PageContainer';

/** /resource/sidebar/:tab/:id — placeholder until the owner's editor lands. */
export function ResourceSidebarPage() {
  const t = useT();
  return (
    <PageContainer>
      <h1>{t('resourceSidebar.heading')}</h1>
    </PageContainer>
  );
}
