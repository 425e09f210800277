import { useT } from '../../shared/i18n';
import { PageContainer } from '../../shared/ui/PageContainer';

/** /resource/creatorBatch — placeholder until the batch creator lands. */
export function CreatorBatchPage() {
  const t = useT();
  return (
    <PageContainer>
      <h1>{t('creatorBatch.heading')}</h1>
    </PageContainer>
  );
}
