// The opened page's first reads start before it renders, and the page uses them instead of asking again.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { envelope, type TestServer } from '../testing/test-server';
import { createTestServices, renderApp } from '../testing/render-app';
import { pageOf, requestsTo, resourceWire, startResourceServer } from '../features/resources/testing';
import { requestsTo as storageRequestsTo, startStorageServer, storageObject } from '../features/storage/testing';
import { FIRST_VISIT_FRESH_MS, prefetchRouteData } from './route-prefetch';

let server: TestServer;
/** Time for a read the page might start on mount to reach the server. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
afterEach(async () => {
  await server.close();
});

const listReads = () =>
  requestsTo(server, 'GET', '/v2/resources').filter((request) => request.query.get('limit') !== '1');

describe('the first reads of the opened page', { timeout: 20_000 }, () => {
  it('starts the market’s list (its filters from the address) and catalogue before the page renders, read once', async () => {
    server = await startResourceServer();
    server.route('/v2/resources', (request) => pageOf([resourceWire({ resourceTitle: '猫' })], request));
    const services = createTestServices(server);

    expect(prefetchRouteData(services, { pathname: '/market', search: '?keywords=cat' })).toBe(true);
    await expect.poll(() => listReads().length).toBe(1);
    expect(Object.fromEntries(listReads()[0]?.query ?? [])).toMatchObject({ keywords: 'cat', skip: '0', limit: '20' });
    expect(requestsTo(server, 'GET', '/v2/resources/types/listSimpleByGroup')).toHaveLength(1);
    expect(requestsTo(server, 'GET', '/v2/resources/operation-categories/listSimpleByGroup')).toHaveLength(1);

    renderApp('/market?keywords=cat', services);
    await screen.findByText('猫');
    await settle();
    expect(listReads()).toHaveLength(1);
    expect(requestsTo(server, 'GET', '/v2/resources/types/listSimpleByGroup')).toHaveLength(1);
    expect(requestsTo(server, 'GET', '/v2/resources/operation-categories/listSimpleByGroup')).toHaveLength(1);
  });

  it('starts the details page’s resource, which the page shows without asking again', async () => {
    server = await startResourceServer();
    const resource = resourceWire({ resourceTitle: '山间晨雾' });
    server.route(`/v2/resources/${resource.resourceId}`, { body: envelope(resource) });
    const services = createTestServices(server);

    const path = `/resource/details/${resource.resourceId}`;
    expect(prefetchRouteData(services, { pathname: path, search: '' })).toBe(true);
    await expect.poll(() => requestsTo(server, 'GET', `/v2/resources/${resource.resourceId}`).length).toBe(1);

    renderApp(path, services);
    expect(await screen.findByRole('heading', { name: '山间晨雾' })).toBeTruthy();
    await settle();
    expect(requestsTo(server, 'GET', `/v2/resources/${resource.resourceId}`)).toHaveLength(1);
  });

  it('keeps the read fresh only for the first visit: a page mounted later asks again, as every visit does', async () => {
    server = await startResourceServer();
    server.route('/v2/resources', (request) => pageOf([resourceWire({ resourceTitle: '猫' })], request));
    const services = createTestServices(server);
    let now = 1_000_000;
    prefetchRouteData(services, { pathname: '/market', search: '' }, () => now);
    await expect.poll(() => listReads().length).toBe(1);

    now += FIRST_VISIT_FRESH_MS;
    renderApp('/market', services);
    await screen.findByText('猫');
    await expect.poll(() => listReads().length).toBe(2);
  });

  it('starts a signed-in browser’s buckets and used space with /storage, which the page shows without asking again', async () => {
    ({ server } = await startStorageServer({ buckets: { photos: [storageObject('photos', 'cat.png')] } }));
    const services = createTestServices(server);
    document.cookie = 'uid=10001; path=/';
    try {
      expect(prefetchRouteData(services, { pathname: '/storage', search: '' })).toBe(true);
      await expect.poll(() => storageRequestsTo(server, 'GET', '/v2/storages/buckets').length).toBe(1);
      await expect.poll(() => storageRequestsTo(server, 'GET', '/v2/storages/buckets/spaceStatistics').length).toBe(1);

      renderApp('/storage', services);
      expect(await screen.findByText('cat.png', {}, { timeout: 5_000 })).toBeTruthy();
      await settle();
      expect(storageRequestsTo(server, 'GET', '/v2/storages/buckets')).toHaveLength(1);
      expect(storageRequestsTo(server, 'GET', '/v2/storages/buckets/spaceStatistics')).toHaveLength(1);
    } finally {
      document.cookie = 'uid=; path=/; max-age=0';
    }
  });

  it('starts nothing for other pages, nor for /storage in a browser that is not signed in', async () => {
    server = await startResourceServer();
    const services = createTestServices(server);
    for (const pathname of ['/home', '/search', '/resource/details', '/logged/contract', '/storage']) {
      expect(prefetchRouteData(services, { pathname, search: '' }), pathname).toBe(false);
    }
    await settle();
    expect(server.requests.filter((request) => request.path.startsWith('/v2/'))).toEqual([]);
  });
});
