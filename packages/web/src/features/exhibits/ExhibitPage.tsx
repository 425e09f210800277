import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { ErrCode, routes } from '@tessera/domain';
import { ApiError, errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { AddressContractDrawer } from '../contracts';
import { signedInUserId } from '../resources';
import { ExhibitContracts } from './ExhibitContracts';
import { ExhibitInfo } from './ExhibitInfo';
import { ExhibitPolicies } from './ExhibitPolicies';
import { ExhibitTrees } from './ExhibitTrees';
import { ExhibitVersion } from './ExhibitVersion';
import { exhibitQuery, type Exhibit } from './exhibits-api';
import { OnlineSwitch } from './OnlineSwitch';
import { RewriteProperties } from './RewriteProperties';
import styles from './ExhibitPage.module.css';

/** /node/exhibit/formal/{presentableId}: the node owner manages one exhibit. */
export function ExhibitPage() {
  const t = useT();
  const { id = '' } = useParams();
  const api = useApiClient();
  const exhibit = useQuery(exhibitQuery(api, id));
  useDocumentTitle(exhibit.data ? exhibit.data.presentableName : t('exhibitsWeb.title'));
  const userId = signedInUserId();
  const notYours =
    (exhibit.error instanceof ApiError && exhibit.error.errCode === ErrCode.Forbidden) ||
    (exhibit.data != null && exhibit.data.userId !== userId);

  let content: ReactNode;
  if (exhibit.isPending) {
    content = <StatusPanel tone="loading" title={t('exhibitsWeb.loading')} testId="exhibit-loading" />;
  } else if (notYours) {
    content = (
      <StatusPanel
        tone="notFound"
        title={t('exhibitsWeb.notYours')}
        actions={<ButtonLink to={routes.home()}>{t('exhibitsWeb.toHome')}</ButtonLink>}
        testId="exhibit-not-yours"
      />
    );
  } else if (exhibit.isError) {
    content = (
      <StatusPanel
        tone="error"
        title={t('exhibitsWeb.error')}
        description={errorMessage(exhibit.error) || t('common.error.tryLater')}
        actions={<Button onClick={() => void exhibit.refetch()}>{t('common.retry')}</Button>}
        testId="exhibit-error"
      />
    );
  } else if (!exhibit.data) {
    content = (
      <StatusPanel
        tone="notFound"
        title={t('exhibitsWeb.notFound')}
        actions={<ButtonLink to={routes.home()}>{t('exhibitsWeb.toHome')}</ButtonLink>}
        testId="exhibit-not-found"
      />
    );
  } else {
    content = <ExhibitManager exhibit={exhibit.data} />;
  }
  return <PageContainer>{content}</PageContainer>;
}

function ExhibitManager({ exhibit }: { exhibit: Exhibit }) {
  const t = useT();
  return (
    <article className={styles.page} data-testid="exhibit-page">
      <AddressContractDrawer />
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{exhibit.presentableName}</h1>
          <p className={styles.subtitle}>{exhibit.presentableTitle}</p>
          <p className={styles.muted}>
            {t('exhibitsWeb.resource')}{' '}
            <Link to={routes.resourceDetails(exhibit.resourceInfo.resourceId)}>
              {exhibit.resourceInfo.resourceName}
            </Link>
            {' · '}
            <Link to={routes.nodeFormal(exhibit.nodeId)}>{t('exhibitsWeb.toNode')}</Link>
          </p>
        </div>
        <OnlineSwitch exhibit={exhibit} />
      </header>
      <Section title={t('exhibitsWeb.info.heading')}>
        <ExhibitInfo exhibit={exhibit} />
      </Section>
      <Section title={t('exhibitsWeb.policies.heading')}>
        <ExhibitPolicies exhibit={exhibit} />
      </Section>
      <Section title={t('exhibitsWeb.version.heading')}>
        <ExhibitVersion exhibit={exhibit} />
      </Section>
      <Section title={t('exhibitsWeb.rewrite.heading')}>
        <RewriteProperties exhibit={exhibit} />
      </Section>
      <Section title={t('exhibitsWeb.trees.heading')}>
        <ExhibitTrees exhibit={exhibit} />
      </Section>
      <Section title={t('exhibitsWeb.contracts.heading')} id="exhibit-contracts">
        <ExhibitContracts exhibit={exhibit} />
      </Section>
    </article>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId} id={id}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
