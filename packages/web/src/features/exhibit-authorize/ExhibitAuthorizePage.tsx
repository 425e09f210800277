import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { ErrCode, isNodeFrozen, NodeVisibility, routes } from '@tessera/domain';
import { ApiError, errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { signedInUserId } from '../resources';
import { AuthorizePanel } from './AuthorizePanel';
import { exhibitQuery, nodeQuery } from './authorize-api';

const ONLINE = 1;

/**
 * /exhibit/authorize?nodeId&exhibitId&returnUrl (issue 14): a node site's visitor signs an exhibit's
 * policy and pays on the platform's origin, so that the site's theme never sees the pay password.
 */
export function ExhibitAuthorizePage() {
  const t = useT();
  const [params] = useSearchParams();
  useDocumentTitle(t('exhibitAuthorize.title'));
  const nodeId = Number(params.get('nodeId'));
  const exhibitId = params.get('exhibitId') ?? '';
  const valid = Number.isInteger(nodeId) && nodeId > 0 && /^[0-9a-f]{24}$/u.test(exhibitId);
  return (
    <PageContainer>
      <PageHeading title={t('exhibitAuthorize.title')} />
      {valid ? (
        <AuthorizeGates nodeId={nodeId} exhibitId={exhibitId} returnUrl={params.get('returnUrl')} />
      ) : (
        <StatusPanel tone="notFound" title={t('exhibitAuthorize.badAddress')} testId="authorize-bad-address" />
      )}
    </PageContainer>
  );
}

/** errCode 2 (no such exhibit) and 3 (not readable: an offline exhibit of someone else) both mean "not here". */
const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.errCode === ErrCode.Business || error.errCode === ErrCode.Forbidden);

/** What stops signing before anyone signs: the address, the exhibit, the node, the visitor. */
function AuthorizeGates({
  nodeId,
  exhibitId,
  returnUrl,
}: {
  nodeId: number;
  exhibitId: string;
  returnUrl: string | null;
}) {
  const t = useT();
  const api = useApiClient();
  const location = useLocation();
  const exhibit = useQuery(exhibitQuery(api, exhibitId));
  const node = useQuery(nodeQuery(api, nodeId));
  const userId = signedInUserId();

  const failed = [exhibit, node].find((query) => query.isError);
  if (exhibit.isPending || node.isPending) {
    if (!failed) return <StatusPanel tone="loading" title={t('exhibitAuthorize.loading')} testId="authorize-loading" />;
  }
  if (failed && !isMissing(failed.error)) {
    return (
      <StatusPanel
        tone="error"
        title={t('exhibitAuthorize.error')}
        description={errorMessage(failed.error) || t('common.error.tryLater')}
        actions={<Button onClick={() => void failed.refetch()}>{t('exhibitAuthorize.retry')}</Button>}
        testId="authorize-error"
      />
    );
  }
  const found = exhibit.data && node.data && exhibit.data.nodeId === node.data.nodeId ? exhibit.data : null;
  const site = node.data;
  const stop = (key: string, testId: string): ReactNode => (
    <StatusPanel tone="notFound" title={t(key)} testId={testId} />
  );
  if (!found || !site) return stop('exhibitAuthorize.notFound', 'authorize-not-found');
  if (isNodeFrozen(site.status)) return stop('exhibitAuthorize.nodeFrozen', 'authorize-node-frozen');
  if (site.visibility === NodeVisibility.Paused) return stop('exhibitAuthorize.nodePaused', 'authorize-node-paused');
  if (found.onlineStatus !== ONLINE) return stop('exhibitAuthorize.offline', 'authorize-offline');

  const intro = (
    <p data-testid="authorize-intro">
      {t('exhibitAuthorize.intro', {
        node: site.nodeTitle || site.nodeName,
        exhibit: found.presentableTitle || found.presentableName,
      })}
    </p>
  );
  if (userId === null) {
    return (
      <>
        {intro}
        <StatusPanel
          tone="empty"
          title={t('exhibitAuthorize.signIn.title')}
          description={t('exhibitAuthorize.signIn.description')}
          actions={
            <ButtonLink to={routes.login({ goTo: `${location.pathname}${location.search}` })}>
              {t('exhibitAuthorize.signIn.action')}
            </ButtonLink>
          }
          testId="authorize-sign-in"
        />
      </>
    );
  }
  return (
    <>
      {intro}
      <AuthorizePanel exhibit={found} node={site} userId={userId} returnUrl={returnUrl} />
    </>
  );
}
