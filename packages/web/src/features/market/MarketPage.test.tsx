import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_KEYWORDS_MAX_LENGTH } from '@tessera/domain';
import type { TestServer } from '../../testing/test-server';
import {
  cardTitles,
  openPage,
  pageOf,
  policyBinding,
  rawResourceKeys,
  requestsTo,
  resourceWire,
  startResourceServer,
  nth,
} from '../resources/testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

const lastSearch = () => requestsTo(server, 'GET', '/v2/resources').at(-1)?.query;

describe('the market', { timeout: 20_000 }, () => {
  it('reads its filters from the address, sends them and writes new ones back', async () => {
    server = await startResourceServer();
    server.route('/v2/resources', (request) => pageOf([resourceWire({ resourceTitle: '猫' })], request));
    const { router } = openPage(server, '/market?keywords=cat');
    await screen.findByText('猫');
    expect(Object.fromEntries(lastSearch() ?? [])).toMatchObject({
      keywords: 'cat',
      skip: '0',
      limit: '20',
      sort: 'updateDate:-1',
      isLoadPolicyInfo: '1',
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: '艺术' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keywords=cat&operationCategoryCode=featured-art'));
    await waitFor(() => expect(lastSearch()?.get('operationCategoryCode')).toBe('featured-art'));

    await user.click(screen.getByRole('button', { name: '图片' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?keywords=cat&operationCategoryCode=featured-art&resourceTypeCode=image',
      ),
    );
    await waitFor(() => expect(lastSearch()?.get('resourceTypeCode')).toBe('image'));
    expect(lastSearch()?.get('resourceTypeCategory')).toBe('2');
    // The chosen type offers its sub-types.
    await user.click(within(screen.getByRole('group', { name: '子类型' })).getByRole('button', { name: '插画' }));
    await waitFor(() => expect(lastSearch()?.get('resourceTypeCode')).toBe('image-illustration'));

    const search = screen.getByRole('searchbox', { name: '搜索资源' });
    // The server's length limit holds while one types.
    expect(search.getAttribute('maxlength')).toBe(String(SEARCH_KEYWORDS_MAX_LENGTH));
    await user.clear(search);
    await user.type(search, 'dog{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('keywords')).toBe('dog'));
    await waitFor(() => expect(lastSearch()?.get('keywords')).toBe('dog'));
  });

  it('shows cards with type, price labels, owner and date, and loads more', async () => {
    server = await startResourceServer();
    const all = Array.from({ length: 25 }, (_, index) => resourceWire({ resourceTitle: `作品${index + 1}` }));
    all[0] = { ...nth(all, 0), policies: [policyBinding({ isFree: 0, policyName: '付费' })] };
    server.route('/v2/resources', (request) => pageOf(all, request));
    openPage(server, '/market');
    await waitFor(() => expect(cardTitles()).toHaveLength(20));
    const first = nth(screen.getAllByTestId('resource-card'), 0);
    expect(first.textContent).toContain('图片');
    expect(first.textContent).toContain('付费');
    expect(first.textContent).toContain('bob');
    expect(first.textContent).toContain('更新于 2026/03/01');
    expect(nth(screen.getAllByTestId('resource-card'), 1).textContent).toContain('免费');

    await userEvent.setup().click(screen.getByTestId('market-more'));
    await waitFor(() => expect(cardTitles()).toHaveLength(25));
    expect(lastSearch()?.get('skip')).toBe('20');
    expect(screen.queryByTestId('market-more')).toBeNull();
    expect(screen.getByText('共 25 项')).toBeTruthy();
    expect(rawResourceKeys(document.body.textContent)).toEqual([]);
  });

  it('says so when nothing matches, in English too', async () => {
    server = await startResourceServer();
    server.route('/v2/resources', (request) => pageOf([], request));
    openPage(server, '/market?keywords=nothing', 'en_US');
    expect(await screen.findByTestId('market-empty')).toBeTruthy();
    expect(screen.getByText('No resources match')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Market' })).toBeTruthy();
    expect(rawResourceKeys(document.body.textContent)).toEqual([]);
  });

  it('offers a retry when the list fails', async () => {
    server = await startResourceServer();
    let fail = true;
    server.route('/v2/resources', (request) =>
      fail ? { status: 500, body: 'broken' } : pageOf([resourceWire({ resourceTitle: '回来了' })], request),
    );
    openPage(server, '/market');
    const panel = await screen.findByTestId('market-error');
    fail = false;
    await userEvent.setup().click(within(panel).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('回来了')).toBeTruthy();
  });
});
