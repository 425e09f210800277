import { Navigate, Outlet, useLocation, useOutletContext } from 'react-router';
import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { buttonClass } from '../../shared/ui/button-class';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import type { CurrentUserWire } from '@tessera/contract/identity';
import { useLoggedInAccount } from './use-logged-in-account';

/**
 * The guard of /logged/*: a visitor goes to the login page with goTo = this address; the pages
 * below get the signed-in user through `useLoggedInUser()`.
 */
export function LoggedArea() {
  const t = useT();
  const { pathname, search, hash } = useLocation();
  const { account, retry } = useLoggedInAccount();
  const here = `${window.location.origin}${pathname}${search}${hash}`;

  switch (account.status) {
    case 'signedIn':
      return <Outlet context={account.user} />;
    case 'signedOut':
      return <Navigate replace to={routes.login({ goTo: here })} />;
    case 'frozen':
      return <Navigate replace to={routes.freeze({ goTo: here })} />;
    case 'checking':
      return (
        <PageContainer>
          <StatusPanel tone="loading" title={t('common.loading')} testId="logged-checking" />
        </PageContainer>
      );
    case 'error':
      return (
        <PageContainer>
          <StatusPanel
            tone="error"
            title={t('account.guard.error')}
            description={account.message || t('common.error.tryLater')}
            actions={
              <button type="button" className={buttonClass('primary')} onClick={retry}>
                {t('common.retry')}
              </button>
            }
            testId="logged-error"
          />
        </PageContainer>
      );
  }
}

/** The signed-in user, inside the logged-in area. */
export function useLoggedInUser(): CurrentUserWire {
  return useOutletContext<CurrentUserWire>();
}

/** /logged itself opens the personal centre. */
export function LoggedAreaIndex() {
  return <Navigate replace to={routes.logged.setting()} />;
}
