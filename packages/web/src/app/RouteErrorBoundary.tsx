import { useRouteError } from 'react-router';
import { useT } from '../shared/i18n';
import { buttonClass } from '../shared/ui/button-class';
import { StatusPanel } from '../shared/ui/StatusPanel';
import { useDocumentTitle } from '../shared/ui/use-document-title';
import { isChunkLoadError } from '../shared/browser/chunk-load-error';

/** A page failed to render, most often because its code chunk could not be loaded (SPEC §8). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const area = isChunkLoadError(error) ? 'chunkLoad' : 'unexpected';
  const title = t(`common.error.${area}.title`);
  useDocumentTitle(title);

  return (
    <main>
      <StatusPanel
        tone="error"
        headingLevel={1}
        title={title}
        description={t(`common.error.${area}.description`)}
        actions={
          <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
            {t('common.reload')}
          </button>
        }
      />
    </main>
  );
}
