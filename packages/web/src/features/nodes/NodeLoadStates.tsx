import { Button } from 'antd';
import { routes } from '@tessera/domain';
import { errorMessage } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import type { OwnedNodeState } from './use-owned-node';

/** Every state of a node page but the loaded one. */
export function NodeLoadStates({ state, retry }: { state: OwnedNodeState; retry: () => void }) {
  const t = useT();
  const toMine = <ButtonLink to={routes.nodeList()}>{t('nodesPage.mine.title')}</ButtonLink>;
  switch (state.status) {
    case 'loading':
      return <StatusPanel tone="loading" title={t('nodesPage.node.loading')} testId="node-loading" />;
    case 'error':
      return (
        <StatusPanel
          tone="error"
          title={t('nodesPage.node.error')}
          description={errorMessage(state.error) || t('common.error.tryLater')}
          actions={<Button onClick={retry}>{t('common.retry')}</Button>}
          testId="node-error"
        />
      );
    case 'notFound':
      return (
        <StatusPanel
          tone="notFound"
          headingLevel={1}
          title={t('nodesPage.node.notFound')}
          actions={toMine}
          testId="node-not-found"
        />
      );
    case 'notYours':
      return (
        <StatusPanel
          tone="notFound"
          headingLevel={1}
          title={t('nodesPage.node.notYours')}
          actions={toMine}
          testId="node-not-yours"
        />
      );
    case 'loaded':
      return null;
  }
}
