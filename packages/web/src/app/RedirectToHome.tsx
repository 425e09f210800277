import { Navigate, useLocation } from 'react-router';
import { routes } from '@tessera/domain';

/** Route 3: `/` → `/home`, keeping the query string (and the fragment). */
export function RedirectToHome() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: routes.home(), search, hash }} replace />;
}
