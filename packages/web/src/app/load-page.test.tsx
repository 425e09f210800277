import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '@tessera/domain';
import { createTestServices } from '../testing/render-app';
import { startTestServer, type TestServer } from '../testing/test-server';
import { AppProviders } from './AppProviders';
import { CHUNK_LOAD_ERROR } from '../shared/browser/chunk-load-error';
import { lazyPart } from '../shared/ui/lazy-part';
import { loadPage } from './load-page';
import { RouteErrorBoundary } from './RouteErrorBoundary';

const Page = () => <p>page</p>;

describe('loadPage', () => {
  afterEach(() => vi.useRealTimers());

  it('gives the route its component', async () => {
    expect(await loadPage(async () => Page)()).toEqual({ Component: Page });
  });

  it('turns a failed import into a ChunkLoadError', async () => {
    const failure = loadPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))();
    await expect(failure).rejects.toMatchObject({ name: CHUNK_LOAD_ERROR });
  });

  it('gives up after the SPEC §9 chunk timeout', async () => {
    vi.useFakeTimers();
    const pending = loadPage(() => new Promise<never>(() => undefined))();
    const settled = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let done = false;
    void settled.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toMatchObject({ name: CHUNK_LOAD_ERROR });
  });
});

describe('the route error page', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  it('explains a page that could not be loaded and offers a reload', async () => {
    const router = createMemoryRouter([
      { path: '/', ErrorBoundary: RouteErrorBoundary, lazy: loadPage(() => Promise.reject(new Error('offline'))) },
    ]);
    render(
      <AppProviders services={createTestServices(server)}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '页面加载失败' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '刷新页面' })).toBeTruthy();
  });

  const pageWith = (Part: () => ReactNode) => {
    const router = createMemoryRouter([
      {
        path: '/',
        ErrorBoundary: RouteErrorBoundary,
        Component: () => (
          <Suspense fallback={null}>
            <p>page</p>
            <Part />
          </Suspense>
        ),
      },
    ]);
    render(
      <AppProviders services={createTestServices(server)}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  };

  it('shows a part of a page loaded on demand once its chunk has come', async () => {
    const Dialog = lazyPart(
      async () => ({ Dialog: () => <p>dialog</p> }),
      (module) => module.Dialog,
    );
    pageWith(() => <Dialog />);
    expect(await screen.findByText('dialog')).toBeTruthy();
  });

  it('explains a part of a page whose chunk could not be loaded as it does a page, with a reload', async () => {
    const Dialog = lazyPart(
      () => Promise.reject<{ Dialog: () => ReactNode }>(new TypeError('Failed to fetch dynamically imported module')),
      (module) => module.Dialog,
    );
    pageWith(() => <Dialog />);
    expect(await screen.findByRole('heading', { level: 1, name: '页面加载失败' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '刷新页面' })).toBeTruthy();
  });
});
