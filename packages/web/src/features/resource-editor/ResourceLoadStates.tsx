import { Button } from 'antd';
import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { StatusPanel } from '../../shared/ui/StatusPanel';

/** Loading, not found and failed reads of the resource a page is about (nothing once it is loaded). */
export function ResourceLoadStates({
  state,
  retry,
  testIdPrefix,
}: {
  state: { status: string; message?: string };
  retry: () => void;
  testIdPrefix: string;
}) {
  const t = useT();
  switch (state.status) {
    case 'loading':
      return <StatusPanel tone="loading" title={t('common.loading')} testId={`${testIdPrefix}-loading`} />;
    case 'notFound':
      return (
        <StatusPanel
          tone="notFound"
          title={t('resourceEditor.notFound')}
          actions={<ButtonLink to={routes.resourceList()}>{t('resourceEditor.toMyResources')}</ButtonLink>}
          testId={`${testIdPrefix}-not-found`}
        />
      );
    case 'error':
      return (
        <StatusPanel
          tone="error"
          title={t('resourceEditor.error')}
          description={state.message || t('common.error.tryLater')}
          actions={<Button onClick={retry}>{t('common.retry')}</Button>}
          testId={`${testIdPrefix}-error`}
        />
      );
    default:
      return null;
  }
}
