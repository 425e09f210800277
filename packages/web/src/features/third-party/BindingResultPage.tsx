import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { routes } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { providersQuery } from './third-party-api';

/** The failure reasons the server sends (modules/thirdparty/service.ts), each with a text. */
const REASONS = new Set(['cancelled', 'expired', 'provider', 'boundToAnother', 'alreadyBound', 'signedOut']);

/** /result/binding?status&type&reason: how a binding (or a third-party sign-in) ended. */
export function BindingResultPage() {
  const t = useT();
  const [params] = useSearchParams();
  const succeeded = params.get('status') === 'success';
  const type = params.get('type') ?? '';
  const reason = params.get('reason') ?? '';
  const { data: providers = [] } = useQuery(providersQuery(useApiClient()));
  const name = providers.find((provider) => provider.type === type)?.name || type;
  const title = t(succeeded ? 'thirdParty.result.successTitle' : 'thirdParty.result.failureTitle');
  useDocumentTitle(title);

  return (
    <PageContainer>
      <StatusPanel
        tone={succeeded ? 'empty' : 'error'}
        headingLevel={1}
        title={title}
        description={
          succeeded
            ? t('thirdParty.result.successText', { name })
            : t(`thirdParty.result.reason.${REASONS.has(reason) ? reason : 'unknown'}`)
        }
        actions={
          <>
            <ButtonLink to={routes.logged.binding()}>{t('thirdParty.result.toBinding')}</ButtonLink>
            <ButtonLink to={routes.home()} variant="secondary">
              {t('thirdParty.result.toHome')}
            </ButtonLink>
          </>
        }
        testId={succeeded ? 'binding-result-success' : 'binding-result-failure'}
      />
    </PageContainer>
  );
}
