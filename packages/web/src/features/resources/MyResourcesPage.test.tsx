import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { envelope, type TestServer } from '../../testing/test-server';
import type { Resource } from './resources-api';
import {
  ALICE,
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

const mine = (title: string, status: number) =>
  resourceWire({ resourceTitle: title, userId: ALICE, username: 'alice', resourceName: `alice/${title}`, status });
const rowOf = (title: string) => screen.getByText(title, { selector: 'a' }).closest('tr') as HTMLElement;
// Role queries over the whole antd table are slow in jsdom; buttons and the dialog are found by text.
const buttonNamed = (text: string) =>
  screen.getByText(text, { selector: 'button, button *' }).closest('button') as HTMLElement;
const confirmIn = (dialog: HTMLElement) =>
  within(dialog)
    .getByText(/^确\s*定$/)
    .closest('button') as HTMLElement;
const findDialog = async (text: string) => (await screen.findByText(text)).closest('[role="dialog"]') as HTMLElement;

describe('my resources', { timeout: 20_000 }, () => {
  it('sends a visitor to the login page', async () => {
    server = await startResourceServer();
    const { router } = openPage(server, '/resource/list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('lists my resources with filters in the address and puts the selected ones online after confirmation', async () => {
    server = await startResourceServer();
    signInAlice(server);
    const resources: Resource[] = [mine('晨雾', 4), mine('夜色', 4), mine('草稿', 0)];
    server.route('/v2/resources', (request) => pageOf(resources, request));
    server.route('/v2/resources/updateBatch', (request) => {
      const { resourceIds, status } = JSON.parse(request.body) as { resourceIds: string[]; status: number };
      for (const resource of resources) if (resourceIds.includes(resource.resourceId)) resource.status = status;
      return { body: envelope(null) };
    });
    const { router } = openPage(server, '/resource/list?status=4');
    await screen.findByText('晨雾', { selector: 'a' });
    const first = requestsTo(server, 'GET', '/v2/resources')[0]?.query;
    expect([first?.get('isSelf'), first?.get('status'), first?.get('skip')]).toEqual(['1', '4', '0']);
    expect(within(rowOf('晨雾')).getByText('已下架')).toBeTruthy();
    expect(within(rowOf('晨雾')).getByRole('link', { name: '编辑' }).getAttribute('href')).toBe(
      `/resource/sidebar/info/${nth(resources, 0).resourceId}`,
    );
    expect(screen.getByText('晨雾', { selector: 'a' }).getAttribute('href')).toBe(
      `/resource/details/${nth(resources, 0).resourceId}`,
    );

    // antd's dialog is still fading in when it is clicked.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(within(rowOf('晨雾')).getByRole('checkbox'));
    await user.click(within(rowOf('夜色')).getByRole('checkbox'));
    expect(screen.getByText('已选 2 项')).toBeTruthy();
    await user.click(buttonNamed('批量上架'));
    const dialog = await findDialog('上架选中的 2 个资源？');
    await user.click(confirmIn(dialog));

    await waitFor(() => expect(requestsTo(server, 'PUT', '/v2/resources/updateBatch')).toHaveLength(1));
    expect(JSON.parse(nth(requestsTo(server, 'PUT', '/v2/resources/updateBatch'), 0).body)).toEqual({
      resourceIds: [nth(resources, 0).resourceId, nth(resources, 1).resourceId],
      status: 1,
    });
    await waitFor(() => expect(within(rowOf('晨雾')).getByText('已上架')).toBeTruthy());
    expect(router.state.location.search).toBe('?status=4');
    expect(rawResourceKeys(document.body.textContent)).toEqual([]);
  });

  it('shows the server’s refusal inside the confirmation', async () => {
    server = await startResourceServer();
    signInAlice(server);
    server.route('/v2/resources', (request) => pageOf([mine('草稿', 0)], request));
    server.route('/v2/resources/updateBatch', {
      body: envelope(null, { errCode: 2, msg: '资源至少发行一个版本后才能上架' }),
    });
    openPage(server, '/resource/list');
    await screen.findByText('草稿', { selector: 'a' });
    // antd's dialog is still fading in when it is clicked.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(within(rowOf('草稿')).getByRole('checkbox'));
    await user.click(buttonNamed('批量上架'));
    const dialog = await findDialog('上架选中的 1 个资源？');
    await user.click(confirmIn(dialog));
    expect(await within(dialog).findByText('资源至少发行一个版本后才能上架')).toBeTruthy();
  });

  it('links each resource to its editor, and a frozen one to the reason of its freeze', async () => {
    server = await startResourceServer();
    signInAlice(server);
    const resources = [mine('晨雾', 1), mine('侵权图', 2)];
    server.route('/v2/resources', (request) => pageOf(resources, request));
    openPage(server, '/resource/list');
    await screen.findByText('侵权图', { selector: 'a' });
    expect(within(rowOf('晨雾')).getByRole('link', { name: '编辑' }).getAttribute('href')).toBe(
      `/resource/sidebar/info/${nth(resources, 0).resourceId}`,
    );
    expect(within(rowOf('晨雾')).queryByRole('link', { name: '冻结原因' })).toBeNull();
    expect(within(rowOf('侵权图')).getByRole('link', { name: '冻结原因' }).getAttribute('href')).toBe(
      `/result/resource/freeze/${nth(resources, 1).resourceId}`,
    );
  });

  it('offers to create a first resource when there is none', async () => {
    server = await startResourceServer();
    signInAlice(server);
    server.route('/v2/resources', (request) => pageOf([], request));
    openPage(server, '/resource/list', 'en_US');
    const empty = await screen.findByTestId('mine-empty');
    expect(empty.textContent).toContain('You have not created any resources yet');
  });
});
