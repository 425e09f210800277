import { useParams } from 'react-router';
import { ResourceStatus, routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { type Resource, statusKey, useResourceDetails } from '../resources';
import { ResourceLoadStates } from './ResourceLoadStates';
import styles from './ResourceEditor.module.css';

/** /result/resource/freeze/{id}: which resource an administrator froze, and why. */
export function ResourceFreezePage() {
  const t = useT();
  const { id = '' } = useParams();
  const { state, retry } = useResourceDetails(id);
  // The tab's title says what the page says: frozen only when the resource is.
  useDocumentTitle(
    state.status === 'loaded'
      ? state.resource.status === ResourceStatus.Frozen
        ? t('resourceEditor.freeze.title')
        : t('resourceEditor.freeze.notFrozen', { title: state.resource.resourceTitle || state.resource.resourceName })
      : state.status === 'notFound'
        ? t('resourceEditor.notFound')
        : t('resourceEditor.freeze.pageTitle'),
  );
  return (
    <PageContainer>
      <ResourceLoadStates state={state} retry={retry} testIdPrefix="freeze" />
      {state.status === 'loaded' ? <FreezeResult resource={state.resource} /> : null}
    </PageContainer>
  );
}

function FreezeResult({ resource }: { resource: Resource }) {
  const t = useT();
  const frozen = resource.status === ResourceStatus.Frozen;
  const links = (
    <>
      <ButtonLink to={routes.resourceDetails(resource.resourceId)}>{t('resourceEditor.toDetails')}</ButtonLink>
      <ButtonLink to={routes.resourceList()} variant="secondary">
        {t('resourceEditor.toMyResources')}
      </ButtonLink>
    </>
  );
  if (!frozen) {
    return (
      <StatusPanel
        tone="empty"
        headingLevel={1}
        title={t('resourceEditor.freeze.notFrozen', { title: resource.resourceTitle || resource.resourceName })}
        description={t('resourceEditor.freeze.currentStatus', { status: t(statusKey(resource.status)) })}
        actions={links}
        testId="freeze-not-frozen"
      />
    );
  }
  return (
    <section className={styles.result} aria-labelledby="freeze-title" data-testid="freeze-result">
      <h1 id="freeze-title" className={styles.resultTitle}>
        {t('resourceEditor.freeze.title')}
      </h1>
      <p className={styles.resultName}>
        {resource.resourceTitle || resource.resourceName}
        <span>{resource.resourceName}</span>
      </p>
      <dl className={styles.reason}>
        <dt>{t('resourceEditor.freeze.reason')}</dt>
        <dd data-testid="freeze-reason">{resource.freezeReason || t('resourceEditor.freeze.noReason')}</dd>
      </dl>
      <p className={styles.lead}>{t('resourceEditor.freeze.effects')}</p>
      <div className={styles.formActions}>{links}</div>
    </section>
  );
}
