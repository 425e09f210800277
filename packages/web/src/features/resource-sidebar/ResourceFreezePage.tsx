import { useT } from '../../shared/i18n';
import { PageContainer } from '../../shared/ui/PageContainer';

/** /result/resource/freeze/:id — placeholder. */
export function ResourceFreezePage() {
  const t = useT();
  return (
    <PageContainer>
      <h1>{t('resourceSidebar.heading')}</h1>
    </PageContainer>
  );
}
