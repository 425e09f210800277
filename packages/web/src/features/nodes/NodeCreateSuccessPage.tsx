import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer } from '../../shared/ui/PageContainer';
import { NextStep, ResultLayout } from '../../shared/ui/ResultLayout';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useLoggedInUser } from '../account';
import type { Node } from './nodes-api';
import { NodeLoadStates } from './NodeLoadStates';
import { SiteLink } from './NodeBadges';
import { useNodeIdParam, useOwnedNode } from './use-owned-node';
import styles from './nodes.module.css';

/** /result/node/create/success/{id}: the new node, its site, and what to do next. */
export function NodeCreateSuccessPage() {
  const t = useT();
  const user = useLoggedInUser();
  const { state, retry } = useOwnedNode(useNodeIdParam(), user.userId);
  useDocumentTitle(t('nodesPage.created.title'));
  if (state.status === 'loaded') return <CreatedNode node={state.node} />;
  return (
    <PageContainer>
      <NodeLoadStates state={state} retry={retry} />
    </PageContainer>
  );
}

function CreatedNode({ node }: { node: Node }) {
  const t = useT();
  const steps = [
    { key: 'manage', to: routes.nodeFormal(node.nodeId) },
    { key: 'theme', to: routes.nodeFormal(node.nodeId, { showPage: 'theme' }) },
    { key: 'market', to: routes.market() },
  ];
  return (
    <ResultLayout
      title={t('nodesPage.created.title')}
      lead={t('nodesPage.created.lead', { name: node.nodeName })}
      status={
        <p className={styles.resultSite}>
          <span>{t('nodesPage.creator.siteAddress')}</span> <SiteLink node={node} />
        </p>
      }
      testId="node-created"
    >
      {steps.map((step, index) => (
        <NextStep
          key={step.key}
          title={t(`nodesPage.created.${step.key}.title`)}
          text={t(`nodesPage.created.${step.key}.text`)}
        >
          <ButtonLink to={step.to} variant={index === 0 ? 'primary' : 'secondary'}>
            {t(`nodesPage.created.${step.key}.action`)}
          </ButtonLink>
        </NextStep>
      ))}
    </ResultLayout>
  );
}
