import { routes } from '@tessera/domain';
import { StandaloneFrame } from '../../shared/ui/StandaloneFrame';
import { useInsideLayout } from '../../shared/ui/layout-presence';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';

/** Routes 7 and 8: the same 404 page, inside the layout or framed on its own. */
export function NotFoundPage() {
  const insideLayout = useInsideLayout();
  const content = <NotFoundContent />;
  return insideLayout ? content : <StandaloneFrame>{content}</StandaloneFrame>;
}

function NotFoundContent() {
  const t = useT();
  useDocumentTitle(t('exception.notFound.title'));
  return (
    <StatusPanel
      tone="notFound"
      headingLevel={1}
      title={t('exception.notFound.title')}
      description={t('exception.notFound.description')}
      actions={
        <>
          <ButtonLink to={routes.home()}>{t('common.backHome')}</ButtonLink>
          <ButtonLink to={routes.activities()} variant="secondary">
            {t('exception.notFound.browseActivities')}
          </ButtonLink>
        </>
      }
      testId="not-found"
    />
  );
}
