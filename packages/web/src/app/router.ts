import { createBrowserRouter } from 'react-router';
import type { GlobalModel } from './global-model';
import { appRoutes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(model: GlobalModel): AppRouter {
  const router = createBrowserRouter(appRoutes, { basename: '/' });
  trackRouterHistory(router, model);
  return router;
}

/** SPEC §4: every location change is appended to routerHistories, the first one included. */
export function trackRouterHistory(router: Pick<AppRouter, 'state' | 'subscribe'>, model: GlobalModel): () => void {
  let last = router.state.location;
  model.appendRouterHistory(last);
  return router.subscribe((state) => {
    if (state.location.key === last.key && state.location.pathname === last.pathname) return;
    last = state.location;
    model.appendRouterHistory(last);
  });
}
