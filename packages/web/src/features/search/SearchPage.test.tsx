import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TestServer } from '../../testing/test-server';
import {
  cardTitles,
  openPage,
  pageOf,
  rawResourceKeys,
  requestsTo,
  resourceWire,
  signInAlice,
  startResourceServer,
  nth,
} from '../resources/testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

const users = [
  { userId: 10002, username: 'bob', headImage: '', createDate: '2026-01-01T00:00:00.000Z' },
  { userId: 10003, username: 'bobby', headImage: '', createDate: '2026-01-02T00:00:00.000Z' },
];

describe('the search page', { timeout: 20_000 }, () => {
  it('shows resources and users in tabs with their counts, and a user’s published resources', async () => {
    server = await startResourceServer();
    signInAlice(server);
    server.route('/v2/resources', (request) =>
      pageOf(
        request.query.get('userId')
          ? [resourceWire({ resourceTitle: 'bob 的作品' })]
          : [resourceWire({ resourceTitle: '鲍勃' })],
        request,
      ),
    );
    server.route('/v2/users/search', (request) => pageOf(users, request));
    openPage(server, '/search?search=bob');
    expect(await screen.findByRole('tab', { name: '资源 (1)' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: '用户 (2)' })).toBeTruthy();
    expect(cardTitles()).toEqual(['鲍勃']);
    expect(requestsTo(server, 'GET', '/v2/users/search')[0]?.query.get('keywords')).toBe('bob');

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: '用户 (2)' }));
    const people = await screen.findByRole('list', { name: '用户' });
    expect(within(people).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(nth(within(people).getAllByRole('listitem'), 0)).getByRole('button'));
    await screen.findByText('bob 的作品');
    const published = requestsTo(server, 'GET', '/v2/resources').at(-1)?.query;
    expect([published?.get('userId'), published?.get('status')]).toEqual(['10002', '1']);
    expect(rawResourceKeys(document.body.textContent)).toEqual([]);
  });

  it('asks a visitor to sign in before searching people', async () => {
    server = await startResourceServer();
    server.route('/v2/resources', (request) => pageOf([], request));
    openPage(server, '/search?search=bob', 'en_US');
    await screen.findByTestId('search-resources-empty');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Users' }));
    expect(await screen.findByTestId('search-users-login')).toBeTruthy();
    expect(requestsTo(server, 'GET', '/v2/users/search')).toHaveLength(0);
  });

  it('searches again from its own box', async () => {
    server = await startResourceServer();
    server.route('/v2/resources', (request) => pageOf([], request));
    const { router } = openPage(server, '/search?search=bob');
    const box = await screen.findByRole('searchbox', { name: '搜索资源和用户' });
    const user = userEvent.setup();
    await user.clear(box);
    await user.type(box, '晨雾{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('search')).toBe('晨雾'));
    await waitFor(() => expect(requestsTo(server, 'GET', '/v2/resources').at(-1)?.query.get('keywords')).toBe('晨雾'));
  });
});
