import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_KEYWORDS_MAX_LENGTH } from '@tessera/domain';
import { gate, type TestServer } from '../../testing/test-server';
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

// The list's own reads; the chips' counts are one-result reads of their own.
const lastSearch = () =>
  requestsTo(server, 'GET', '/v2/resources')
    .filter((request) => request.query.get('limit') !== '1')
    .at(-1)?.query;

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

    await user.click(await screen.findByRole('button', { name: /^艺术/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?keywords=cat&operationCategoryCode=featured-art'));
    await waitFor(() => expect(lastSearch()?.get('operationCategoryCode')).toBe('featured-art'));

    await user.click(screen.getByRole('button', { name: /^图片/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?keywords=cat&operationCategoryCode=featured-art&resourceTypeCode=image',
      ),
    );
    await waitFor(() => expect(lastSearch()?.get('resourceTypeCode')).toBe('image'));
    expect(lastSearch()?.get('resourceTypeCategory')).toBe('2');
    // The chosen type offers its sub-types.
    await user.click(within(screen.getByRole('group', { name: '子类型' })).getByRole('button', { name: /^插画/ }));
    await waitFor(() => expect(lastSearch()?.get('resourceTypeCode')).toBe('image-illustration'));

    const search = screen.getByRole('searchbox', { name: '搜索资源' });
    // The server's length limit holds while one types.
    expect(search.getAttribute('maxlength')).toBe(String(SEARCH_KEYWORDS_MAX_LENGTH));
    await user.clear(search);
    await user.type(search, 'dog{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('keywords')).toBe('dog'));
    await waitFor(() => expect(lastSearch()?.get('keywords')).toBe('dog'));
  });

  it('offers only the chips that hold something, with their counts, and clears every filter at once', async () => {
    server = await startResourceServer();
    // Two illustrations in the market, nothing under audio or the art category.
    const images = [resourceWire({ resourceTitle: '山' }), resourceWire({ resourceTitle: '海' })];
    server.route('/v2/resources', (request) => {
      const type = request.query.get('resourceTypeCode');
      const found =
        request.query.get('operationCategoryCode') === 'featured-art' || type === 'audio'
          ? []
          : images.filter(() => !request.query.get('keywords') || request.query.get('keywords') === '山');
      return pageOf(found.slice(0, type || request.query.get('keywords') ? 1 : 2), request);
    });
    const { router } = openPage(server, '/market');
    const types = await screen.findByRole('group', { name: '资源类型' });
    await waitFor(() => expect(within(types).getByRole('button', { name: '图片 1' })).toBeTruthy());
    // Empty chips are left out; a group with nothing left is left out whole.
    await waitFor(() => expect(within(types).queryByRole('button', { name: /^音频/ })).toBeNull());
    expect(screen.queryByRole('group', { name: '精选' })).toBeNull();
    // The counts are those of the market as a whole, asked once per chip with one result.
    const countReads = requestsTo(server, 'GET', '/v2/resources').filter((r) => r.query.get('limit') === '1');
    expect(
      countReads.map((r) => r.query.get('resourceTypeCode') ?? r.query.get('operationCategoryCode')).sort(),
    ).toEqual(['audio', 'featured-art', 'image']);
    // Nothing chosen: nothing to clear.
    expect(screen.queryByTestId('market-clear-filters')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(types).getByRole('button', { name: '图片 1' }));
    // The sub-types are counted too.
    const subTypes = await screen.findByRole('group', { name: '子类型' });
    await waitFor(() => expect(within(subTypes).getByRole('button', { name: '插画 1' })).toBeTruthy());
    await user.type(screen.getByRole('searchbox', { name: '搜索资源' }), '山{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?keywords=%E5%B1%B1&resourceTypeCode=image'));
    await user.click(screen.getByTestId('market-clear-filters'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByTestId('market-clear-filters')).toBeNull();
    expect((screen.getByRole('searchbox', { name: '搜索资源' }) as HTMLInputElement).value).toBe('');
    expect(lastSearch()?.get('keywords')).toBeNull();
  });

  it('keeps a chosen chip that holds nothing, so the address still shows what is chosen, in English too', async () => {
    server = await startResourceServer();
    server.route('/v2/resources', (request) =>
      pageOf(request.query.get('resourceTypeCode') === 'audio' ? [] : [resourceWire()], request),
    );
    openPage(server, '/market?resourceTypeCode=audio', 'en_US');
    const types = await screen.findByRole('group', { name: 'Type' });
    await waitFor(() => expect(within(types).getByRole('button', { name: 'Image 1' })).toBeTruthy());
    const audio = await within(types).findByRole('button', { name: 'Audio 0' });
    expect(audio.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('market-clear-filters').textContent).toContain('Clear filters');
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

  it("asks for the chips' counts only once its own page has come, and fetches the first row of covers at once", async () => {
    server = await startResourceServer();
    const held = gate();
    const covered = Array.from({ length: 6 }, (_, index) =>
      resourceWire({ resourceTitle: `封面${index + 1}`, coverImages: [`/images/cover-${index + 1}.png`] }),
    );
    server.route('/v2/resources', (request) =>
      request.query.get('limit') === '1' ? pageOf([], request) : { ...pageOf(covered, request), after: held.promise },
    );
    openPage(server, '/market');
    await waitFor(() => expect(lastSearch()).toBeDefined());
    // The page's own list is held: no count may be asked while it is on its way.
    await screen.findByRole('button', { name: /^艺术/ });
    expect(requestsTo(server, 'GET', '/v2/resources').filter((r) => r.query.get('limit') === '1')).toEqual([]);
    held.open();
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    await waitFor(() =>
      expect(requestsTo(server, 'GET', '/v2/resources').some((r) => r.query.get('limit') === '1')).toBe(true),
    );
    const covers = screen.getAllByTestId('resource-card').map((card) => card.querySelector('img'));
    expect(covers.map((img) => img?.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(covers[0]?.getAttribute('fetchpriority')).toBe('high');
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
