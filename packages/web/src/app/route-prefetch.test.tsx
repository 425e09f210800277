// The opened page's first reads start before it renders, and the page uses them instead of asking again.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { envelope, type TestServer } from '../testing/test-server';
import { createTestServices, renderApp } from '../testing/render-app';
import { pageOf, requestsTo, resourceWire, startResourceServer, versionWire } from '../features/resources/testing';
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

  it('starts the check of an image resource’s preview with the resource, which the page does not ask again', async () => {
    server = await startResourceServer();
    const wire = resourceWire({
      resourceTitle: '山间晨雾',
      resourceType: ['image'],
      resourceVersions: [{ version: '1.0.0', versionId: 'v1', createDate: '2026-03-01T08:30:00.000Z' }],
      latestVersion: '1.0.0',
    });
    const resource = { ...wire, latestVersionInfo: versionWire(wire, { version: '1.0.0', versionId: 'v1' }) };
    const base = `/v2/resources/${resource.resourceId}`;
    server.route(base, { body: envelope(resource) });
    server.route(`${base}/versions/1.0.0/preview`, {
      status: 206,
      headers: { 'content-type': 'image/png', 'content-range': 'bytes 0-0/8' },
      body: Buffer.from('89', 'hex'),
    });
    server.route(`/v2/collections/resources/${resource.resourceId}/count`, { body: envelope(0) });
    const services = createTestServices(server);
    const previewChecks = () =>
      requestsTo(server, 'GET', `${base}/versions/1.0.0/preview`).filter((request) => request.headers.range);

    prefetchRouteData(services, { pathname: `/resource/details/${resource.resourceId}`, search: '' });
    await expect.poll(() => previewChecks().length).toBe(1);

    renderApp(`/resource/details/${resource.resourceId}`, services);
    expect(await screen.findByRole('img', { name: '山间晨雾 的图片预览' })).toBeTruthy();
    await settle();
    expect(previewChecks()).toHaveLength(1);
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

  it('starts a signed-in browser’s account, buckets, used space and first bucket’s objects with /storage, which the page shows without asking again', async () => {
    ({ server } = await startStorageServer({ buckets: { photos: [storageObject('photos', 'cat.png')] } }));
    const services = createTestServices(server);
    document.cookie = 'uid=10001; path=/';
    const reads = [
      '/v2/users/current',
      '/v2/storages/buckets',
      '/v2/storages/buckets/spaceStatistics',
      '/v2/storages/buckets/photos/objects',
    ];
    try {
      expect(prefetchRouteData(services, { pathname: '/storage', search: '' })).toBe(true);
      for (const path of reads)
        await expect.poll(() => storageRequestsTo(server, 'GET', path).length, { message: path }).toBe(1);
      expect(Object.fromEntries(storageRequestsTo(server, 'GET', reads[3] ?? '')[0]?.query ?? [])).toMatchObject({
        skip: '0',
        limit: '20',
      });

      renderApp('/storage', services);
      expect(await screen.findByText('cat.png', {}, { timeout: 5_000 })).toBeTruthy();
      await settle();
      for (const path of reads) expect(storageRequestsTo(server, 'GET', path), path).toHaveLength(1);
    } finally {
      document.cookie = 'uid=; path=/; max-age=0';
    }
  });

  it('starts the objects of the bucket the address names, not the first one', async () => {
    ({ server } = await startStorageServer({
      buckets: { docs: [storageObject('docs', 'a.txt')], photos: [storageObject('photos', 'cat.png')] },
    }));
    const services = createTestServices(server);
    document.cookie = 'uid=10001; path=/';
    try {
      prefetchRouteData(services, { pathname: '/storage', search: '?bucketName=photos' });
      await expect.poll(() => storageRequestsTo(server, 'GET', '/v2/storages/buckets/photos/objects').length).toBe(1);
      await settle();
      expect(storageRequestsTo(server, 'GET', '/v2/storages/buckets/docs/objects')).toHaveLength(0);
    } finally {
      document.cookie = 'uid=; path=/; max-age=0';
    }
  });

  it('starts only the account for another page of a signed-in browser (here the not-found page); the header does not ask again', async () => {
    ({ server } = await startStorageServer({ buckets: {} }));
    const services = createTestServices(server);
    document.cookie = 'uid=10001; path=/';
    try {
      expect(prefetchRouteData(services, { pathname: '/no-such-page', search: '' })).toBe(false);
      await expect.poll(() => storageRequestsTo(server, 'GET', '/v2/users/current').length).toBe(1);
      renderApp('/no-such-page', services);
      expect(await screen.findByTestId('current-user')).toBeTruthy();
      await settle();
      expect(
        server.requests.filter((request) => request.path.startsWith('/v2/')).map((request) => request.path),
      ).toEqual(['/v2/users/current']);
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
