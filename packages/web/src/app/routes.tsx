import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type * as NodePages from '../features/nodes/node-pages';
import { FullPageLoading } from '../shared/ui/FullPageLoading';
import { AppLayout } from './layout/AppLayout';
import { loadPage } from './load-page';
import { RedirectToHome } from './RedirectToHome';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// Page contents load on demand (SPEC §2.1), so /home does not carry the other pages' code.
const notFoundPage = loadPage(() => import('../features/exception/NotFoundPage').then((m) => m.NotFoundPage));

/** A page of the node console's chunk. */
const nodePage = (pick: (pages: typeof NodePages) => ComponentType) =>
  loadPage(() => import('../features/nodes/node-pages').then(pick));

/**
 * The account pages of SPEC §2.2 stand alone, like the guide: no header offering to sign in again.
 * They share one chunk (account-pages.ts says why).
 */
const accountRoute = (path: string, page: Parameters<typeof loadPage>[0]): RouteObject => ({
  path,
  ErrorBoundary: RouteErrorBoundary,
  HydrateFallback: FullPageLoading,
  lazy: loadPage(page),
});

/** The route table of SPEC §2.1; the numbers in the comments are the SPEC's route ids. */
export const appRoutes: RouteObject[] = [
  {
    // 1: the guide stands alone, without the layout.
    path: '/guideFreelog',
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: FullPageLoading,
    children: [
      { index: true, lazy: loadPage(() => import('../features/guide/GuidePage').then((m) => m.GuidePage)) },
      // 8: '*' outside the layout. A standalone page owns the addresses below it, so an unknown
      // address there (/guideFreelog/xyz) shows the 404 page without the layout; every other
      // unknown address is caught by route 7 inside the layout.
      { path: '*', lazy: notFoundPage },
    ],
  },
  accountRoute('/login', () => import('../features/account/account-pages').then((m) => m.LoginPage)),
  accountRoute('/logon', () => import('../features/account/account-pages').then((m) => m.LogonPage)),
  accountRoute('/retrieve', () => import('../features/account/account-pages').then((m) => m.RetrievePage)),
  accountRoute('/freeze', () => import('../features/account/account-pages').then((m) => m.FreezePage)),
  accountRoute('/bind', () => import('../features/third-party/third-party-pages').then((m) => m.BindPage)),
  {
    // A forgotten pay password: a standalone account page, for the signed-in user only (behind the guard).
    path: '/retrievePayPassword',
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: FullPageLoading,
    lazy: loadPage(() => import('../features/account/LoggedArea').then((m) => m.LoggedArea)),
    children: [
      {
        index: true,
        lazy: loadPage(() => import('../features/wallet/wallet-pages').then((m) => m.RetrievePayPasswordPage)),
      },
    ],
  },
  {
    // 2: the layout of routes 3 to 7.
    path: '/',
    Component: AppLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: FullPageLoading,
    children: [
      // 3
      { index: true, Component: RedirectToHome },
      // 4
      { path: 'home', lazy: loadPage(() => import('../features/home/HomePage').then((m) => m.HomePage)) },
      // 5
      {
        path: 'activities',
        lazy: loadPage(() => import('../features/activities/ActivitiesPage').then((m) => m.ActivitiesPage)),
      },
      // 6
      {
        path: 'activity/:id',
        lazy: loadPage(() => import('../features/activities/ActivityDetailPage').then((m) => m.ActivityDetailPage)),
      },
      {
        // The logged-in area (SPEC §2.2): the guard sends visitors to the login page with goTo.
        path: 'logged',
        lazy: loadPage(() => import('../features/account/LoggedArea').then((m) => m.LoggedArea)),
        children: [
          {
            index: true,
            lazy: loadPage(() => import('../features/account/LoggedArea').then((m) => m.LoggedAreaIndex)),
          },
          {
            path: 'setting',
            lazy: loadPage(() => import('../features/account/AccountSettingPage').then((m) => m.AccountSettingPage)),
          },
          {
            path: 'binding',
            lazy: loadPage(() => import('../features/third-party/third-party-pages').then((m) => m.BindingPage)),
          },
          {
            // ?identity=licensor&status&keywords&page&contractId (the open drawer)
            path: 'contract',
            lazy: loadPage(() => import('../features/contracts/ContractsPage').then((m) => m.ContractsPage)),
          },
          {
            path: 'wallet',
            lazy: loadPage(() => import('../features/wallet/wallet-pages').then((m) => m.WalletPage)),
          },
          { path: '*', lazy: notFoundPage },
        ],
      },
      {
        // /storage?bucketName&createBucket&objectID (SPEC §2.2): signed-in users only, behind the
        // same guard as the logged-in area.
        path: 'storage',
        lazy: loadPage(() => import('../features/account/LoggedArea').then((m) => m.LoggedArea)),
        children: [
          { index: true, lazy: loadPage(() => import('../features/storage/StoragePage').then((m) => m.StoragePage)) },
        ],
      },
      // Finding and reading resources (SPEC §2.2): the market, search and details are public.
      { path: 'market', lazy: loadPage(() => import('../features/market/MarketPage').then((m) => m.MarketPage)) },
      { path: 'search', lazy: loadPage(() => import('../features/search/SearchPage').then((m) => m.SearchPage)) },
      {
        path: 'resource/details/:id',
        lazy: loadPage(() => import('../features/resources/ResourceDetailsPage').then((m) => m.ResourceDetailsPage)),
      },
      {
        // My resources and favourites: signed-in users only, behind the logged-in area's guard.
        lazy: loadPage(() => import('../features/account/LoggedArea').then((m) => m.LoggedArea)),
        children: [
          {
            path: 'resource/list',
            lazy: loadPage(() => import('../features/resources/MyResourcesPage').then((m) => m.MyResourcesPage)),
          },
          {
            path: 'resource/collect',
            lazy: loadPage(() =>
              import('../features/resources/CollectedResourcesPage').then((m) => m.CollectedResourcesPage),
            ),
          },
          // Publishing (issue 5): the creator pages share one chunk.
          {
            path: 'resource/creatorEntry',
            lazy: loadPage(() => import('../features/creator/creator-pages').then((m) => m.CreatorEntryPage)),
          },
          {
            path: 'resource/creator',
            lazy: loadPage(() => import('../features/creator/creator-pages').then((m) => m.ResourceCreatorPage)),
          },
          {
            path: 'resource/versionCreator/:id',
            lazy: loadPage(() => import('../features/creator/creator-pages').then((m) => m.VersionCreatorPage)),
          },
          {
            path: 'result/resource/create/success/:id',
            lazy: loadPage(() => import('../features/creator/creator-pages').then((m) => m.ResourceCreateSuccessPage)),
          },
          {
            path: 'result/resource/version/create/success/:id/:version',
            lazy: loadPage(() => import('../features/creator/creator-pages').then((m) => m.VersionCreateSuccessPage)),
          },
          {
            path: 'result/resource/version/create/release/:id/:version',
            lazy: loadPage(() => import('../features/creator/creator-pages').then((m) => m.VersionReleasePage)),
          },
          {
            path: 'resource/creatorBatch',
            lazy: loadPage(() => import('../features/creator-batch/CreatorBatchPage').then((m) => m.CreatorBatchPage)),
          },
          // The owner's editor (SPEC §2.2): one page, a tab per part; `contract` comes with contracts.
          {
            path: 'resource/sidebar/:tab/:id',
            lazy: loadPage(() =>
              import('../features/resource-editor/ResourceEditorPage').then((m) => m.ResourceEditorPage),
            ),
          },
          {
            path: 'result/resource/freeze/:id',
            lazy: loadPage(() =>
              import('../features/resource-editor/ResourceFreezePage').then((m) => m.ResourceFreezePage),
            ),
          },
          // The node owner's exhibit page (issue 14).
          {
            path: 'node/exhibit/formal/:id',
            lazy: loadPage(() => import('../features/exhibits/ExhibitPage').then((m) => m.ExhibitPage)),
          },
          // The node console (issue 14): the pages share one chunk.
          { path: 'node/list', lazy: nodePage((m) => m.MyNodesPage) },
          { path: 'node/creator', lazy: nodePage((m) => m.NodeCreatorPage) },
          { path: 'node/formal/:id', lazy: nodePage((m) => m.NodeManagerPage) },
          { path: 'result/node/create/success/:id', lazy: nodePage((m) => m.NodeCreateSuccessPage) },
          // The same page with `?nodeId=`.
          { path: 'result/node/create/success', lazy: nodePage((m) => m.NodeCreateSuccessPage) },
        ],
      },
      // Public node pages: anyone may read why a node is frozen and visit the example nodes.
      { path: 'result/node/freeze/:id', lazy: nodePage((m) => m.NodeFreezePage) },
      { path: 'examples', lazy: nodePage((m) => m.ExamplesPage) },
      {
        // A node site's visitor signs and pays for an exhibit here, on the platform's origin (issue 14).
        path: 'exhibit/authorize',
        lazy: loadPage(() =>
          import('../features/exhibit-authorize/ExhibitAuthorizePage').then((m) => m.ExhibitAuthorizePage),
        ),
      },
      {
        path: 'result/binding',
        lazy: loadPage(() => import('../features/third-party/third-party-pages').then((m) => m.BindingResultPage)),
      },
      // 7
      { path: '*', lazy: notFoundPage },
    ],
  },
];
