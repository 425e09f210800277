import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer } from '../../shared/ui/PageContainer';
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
  return (
    <PageContainer>
      <NodeLoadStates state={state} retry={retry} />
      {state.status === 'loaded' ? <CreatedNode node={state.node} /> : null}
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
    <section className={styles.result} aria-labelledby="node-created-title" data-testid="node-created">
      <span className={styles.resultMark} aria-hidden="true">
        ✓
      </span>
      <h1 id="node-created-title" className={styles.resultTitle}>
        {t('nodesPage.created.title')}
      </h1>
      <p className={styles.lead}>{t('nodesPage.created.lead', { name: node.nodeName })}</p>
      <p className={styles.resultSite}>
        <span>{t('nodesPage.creator.siteAddress')}</span> <SiteLink node={node} />
      </p>
      <h2 className={styles.sectionTitle}>{t('nodesPage.created.next')}</h2>
      <ol className={styles.nextSteps}>
        {steps.map((step, index) => (
          <li key={step.key} className={styles.nextStep}>
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <h3>{t(`nodesPage.created.${step.key}.title`)}</h3>
            <p>{t(`nodesPage.created.${step.key}.text`)}</p>
            <ButtonLink to={step.to} variant={index === 0 ? 'primary' : 'secondary'}>
              {t(`nodesPage.created.${step.key}.action`)}
            </ButtonLink>
          </li>
        ))}
      </ol>
    </section>
  );
}
