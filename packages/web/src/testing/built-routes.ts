// Whether an address the app links to is a page that exists: a route of the route table other
// than the 404 catch-alls ('*'). A link to a page not built yet would end on the 404 page.
import { matchRoutes } from 'react-router';
import { appRoutes } from '../app/routes';

/** The addresses of `hrefs` that no built page answers (empty when every one exists). */
export function unbuiltAddresses(hrefs: readonly (string | null)[]): string[] {
  return hrefs.filter((href): href is string => {
    if (href === null) return true;
    const { pathname } = new URL(href, 'http://localhost');
    const matches = matchRoutes(appRoutes, pathname);
    const deepest = matches?.at(-1)?.route;
    return !deepest || deepest.path === '*';
  });
}
