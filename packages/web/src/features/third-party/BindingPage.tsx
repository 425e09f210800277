import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import type { ProviderWire } from '@tessera/contract/thirdparty';
import { routes } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { buttonClass } from '../../shared/ui/button-class';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { authorizeAddress, boundIdentitiesQuery, providersQuery } from './third-party-api';
import { UnbindDialog } from './UnbindDialog';
import styles from './BindingPage.module.css';

/** /logged/binding (inside the logged-in guard): each provider, bound or not, with Bind / Unbind. */
export function BindingPage() {
  const t = useT();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const providers = useQuery(providersQuery(api));
  const bound = useQuery(boundIdentitiesQuery(api));
  const [unbinding, setUnbinding] = useState<ProviderWire | null>(null);
  useDocumentTitle(t('thirdParty.manage.title'));

  let content;
  if (providers.isError || bound.isError) {
    content = (
      <StatusPanel
        tone="error"
        title={t('thirdParty.manage.loadFailed')}
        description={errorMessage(providers.error ?? bound.error)}
        testId="binding-error"
      />
    );
  } else if (providers.isPending || bound.isPending) {
    content = <StatusPanel tone="loading" title={t('common.loading')} testId="binding-loading" />;
  } else if (providers.data.length === 0) {
    content = <StatusPanel tone="empty" title={t('thirdParty.manage.none')} testId="binding-none" />;
  } else {
    content = (
      <ul className={styles.list}>
        {providers.data.map((provider) => {
          const identity = bound.data.find((item) => item.thirdPartyType === provider.type);
          return (
            <li key={provider.type} className={styles.row} data-testid={`binding-provider-${provider.type}`}>
              <div>
                <div className={styles.name}>{provider.name}</div>
                <p className={styles.state} data-testid={`binding-state-${provider.type}`}>
                  {identity ? t('thirdParty.manage.bound', { name: identity.name }) : t('thirdParty.manage.notBound')}
                </p>
              </div>
              {identity ? (
                <button type="button" className={buttonClass('secondary')} onClick={() => setUnbinding(provider)}>
                  {t('thirdParty.manage.unbind')}
                </button>
              ) : (
                <a
                  className={buttonClass('primary')}
                  href={authorizeAddress(api, provider.type, routes.logged.binding())}
                >
                  {t('thirdParty.manage.bind')}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <PageContainer>
      <PageHeading title={t('thirdParty.manage.title')} lead={t('thirdParty.manage.intro')} />
      {content}
      {unbinding ? (
        <UnbindDialog
          provider={unbinding}
          onClose={() => setUnbinding(null)}
          onUnbound={() => {
            setUnbinding(null);
            void message.success(t('thirdParty.unbind.done'));
            void queryClient.invalidateQueries({ queryKey: boundIdentitiesQuery(api).queryKey });
          }}
        />
      ) : null}
    </PageContainer>
  );
}
