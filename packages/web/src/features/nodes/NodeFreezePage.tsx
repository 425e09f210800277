import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import type { NodeFreezeInfoWire } from '@tessera/contract/nodes';
import { ErrCode, routes } from '@tessera/domain';
import { ApiError, errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer } from '../../shared/ui/PageContainer';
import { resultClasses } from '../../shared/ui/ResultLayout';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { freezeInfoQuery } from './nodes-api';
import { useNodeIdParam } from './use-owned-node';
import styles from './nodes.module.css';

/** /result/node/freeze/{id}: whether an administrator froze the node, and why (anyone may read it). */
export function NodeFreezePage() {
  const t = useT();
  const api = useApiClient();
  const nodeId = useNodeIdParam();
  const valid = Number.isSafeInteger(nodeId) && nodeId <= 2_147_483_647;
  const info = useQuery({ ...freezeInfoQuery(api, nodeId), enabled: valid });
  useDocumentTitle(t('nodesPage.freeze.title'));

  return (
    <PageContainer>
      {!valid || (info.isError && isNotFound(info.error)) ? (
        <StatusPanel
          tone="notFound"
          headingLevel={1}
          title={t('nodesPage.node.notFound')}
          actions={<ButtonLink to={routes.home()}>{t('nodesPage.toHome')}</ButtonLink>}
          testId="node-freeze-not-found"
        />
      ) : info.isError ? (
        <StatusPanel
          tone="error"
          title={t('nodesPage.freeze.error')}
          description={errorMessage(info.error) || t('common.error.tryLater')}
          actions={<Button onClick={() => void info.refetch()}>{t('common.retry')}</Button>}
          testId="node-freeze-error"
        />
      ) : !info.data ? (
        <StatusPanel tone="loading" title={t('nodesPage.freeze.loading')} testId="node-freeze-loading" />
      ) : info.data.isFrozen ? (
        <FrozenNode info={info.data} />
      ) : (
        <StatusPanel
          tone="empty"
          headingLevel={1}
          title={t('nodesPage.freeze.notFrozen', { name: info.data.nodeName })}
          actions={<ButtonLink to={routes.nodeList()}>{t('nodesPage.mine.title')}</ButtonLink>}
          testId="node-freeze-not-frozen"
        />
      )}
    </PageContainer>
  );
}

/** A read refused as a business error (errCode 2) finds no such node. */
const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.errCode === ErrCode.Business;

function FrozenNode({ info }: { info: NodeFreezeInfoWire }) {
  const t = useT();
  return (
    <section className={resultClasses.card} aria-labelledby="node-freeze-title" data-testid="node-freeze-result">
      <h1 id="node-freeze-title" className={resultClasses.title}>
        {t('nodesPage.freeze.title')}
      </h1>
      <p className={styles.resultName}>{info.nodeName}</p>
      <dl className={styles.reason}>
        <dt>{t('nodesPage.freeze.reason')}</dt>
        <dd data-testid="node-freeze-reason">{info.reason || t('nodesPage.freeze.noReason')}</dd>
        {info.remark ? (
          <>
            <dt>{t('nodesPage.freeze.remark')}</dt>
            <dd>{info.remark}</dd>
          </>
        ) : null}
      </dl>
      <p className={resultClasses.lead}>{t('nodesPage.freeze.effects')}</p>
      <div className={styles.formActions}>
        <ButtonLink to={routes.nodeList()}>{t('nodesPage.mine.title')}</ButtonLink>
      </div>
    </section>
  );
}
