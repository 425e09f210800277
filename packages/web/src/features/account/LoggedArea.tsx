import { Navigate, Outlet, useLocation, useOutletContext } from 'react-router';
import { routes } from '@tessera/domain';
import type { CurrentUserWire } from '@tessera/contract/identity';
import { AccountCheckPanel } from './AccountCheckPanel';
import { useLoggedInAccount } from './use-logged-in-account';

/**
 * The guard of /logged/*: a visitor goes to the login page with goTo = this address; the pages
 * below get the signed-in user through `useLoggedInUser()`.
 */
export function LoggedArea() {
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
    case 'error':
      return <AccountCheckPanel account={account} retry={retry} testIdPrefix="logged" />;
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
