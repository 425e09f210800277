import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, type TestServer } from '../../testing/test-server';
import {
  favouriteWire,
  openPage,
  pageOf,
  rawResourceKeys,
  requestsTo,
  resourceWire,
  signInAlice,
  startResourceServer,
  nth,
} from './testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

describe('my favourites', { timeout: 20_000 }, () => {
  it('lists the favourites and removes one', async () => {
    server = await startResourceServer();
    signInAlice(server);
    const favourites = [
      favouriteWire(resourceWire({ resourceTitle: '晨雾' })),
      favouriteWire(resourceWire({ resourceTitle: '夜色', status: 4 })),
    ];
    server.route('/v2/collections/resources', (request) => pageOf(favourites, request));
    const removed = nth(favourites, 0).resourceId;
    server.route(`/v2/collections/resources/${removed}`, { body: envelope(true) });
    openPage(server, '/resource/collect');
    await screen.findByText('晨雾');
    expect(screen.getAllByTestId('favourite-row')).toHaveLength(2);
    expect(nth(screen.getAllByTestId('favourite-row'), 1).textContent).toContain('已下架');
    expect(screen.getByText('晨雾').getAttribute('href')).toBe(`/resource/details/${removed}`);

    await userEvent.setup().click(screen.getByRole('button', { name: '取消收藏“晨雾”' }));
    await waitFor(() => expect(screen.getAllByTestId('favourite-row')).toHaveLength(1));
    expect(requestsTo(server, 'DELETE', `/v2/collections/resources/${removed}`)).toHaveLength(1);
    expect(screen.getByText('共 1 项')).toBeTruthy();
    expect(rawResourceKeys(document.body.textContent)).toEqual([]);
  });

  it('shows the empty state with a way to the market', async () => {
    server = await startResourceServer();
    signInAlice(server);
    server.route('/v2/collections/resources', (request) => pageOf([], request));
    openPage(server, '/resource/collect', 'en_US');
    const empty = await screen.findByTestId('collect-empty');
    expect(empty.textContent).toContain('No favourites yet');
    expect(screen.getByRole('link', { name: 'Go to the market' }).getAttribute('href')).toBe('/market');
  });
});
