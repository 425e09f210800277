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

  it('deletes an abandoned draft after confirmation, and offers to go on publishing it, in English', async () => {
    server = await startResourceServer();
    signInAlice(server);
    const released = { ...mine('Dawn', 1), latestVersion: '1.0.0' };
    const draft = mine('Draft', 0);
    let resources: Resource[] = [released, draft];
    server.route('/v2/resources', (request) => pageOf(resources, request));
    server.route(`/v2/resources/${draft.resourceId}`, (request) => {
      if (request.method === 'DELETE') resources = resources.filter((resource) => resource !== draft);
      return { body: envelope(true) };
    });
    openPage(server, '/resource/list', 'en_US');
    await screen.findByText('Draft', { selector: 'a' });
    expect(within(rowOf('Dawn')).queryByText('Delete')).toBeNull();
    expect(within(rowOf('Dawn')).queryByText('Continue publishing')).toBeNull();
    expect(within(rowOf('Draft')).getByRole('link', { name: 'Continue publishing' }).getAttribute('href')).toBe(
      `/resource/creator?resourceId=${draft.resourceId}`,
    );

    // antd's dialog is still fading in when it is clicked.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(within(rowOf('Draft')).getByText('Delete', { selector: 'button, button *' }));
    const question = await findDialog('Delete the unreleased resource “alice/Draft”?');
    expect(question.textContent).toContain('This cannot be undone.');
    await user.click(within(question).getByText('Cancel', { selector: 'button, button *' }));
    await waitFor(() => expect(screen.queryByText('Delete the unreleased resource “alice/Draft”?')).toBeNull());
    expect(requestsTo(server, 'DELETE', `/v2/resources/${draft.resourceId}`)).toHaveLength(0);

    await user.click(within(rowOf('Draft')).getByText('Delete', { selector: 'button, button *' }));
    const dialog = await findDialog('Delete the unreleased resource “alice/Draft”?');
    await user.click(within(dialog).getByText('Delete', { selector: 'button, button *' }));
    await waitFor(() => expect(requestsTo(server, 'DELETE', `/v2/resources/${draft.resourceId}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Draft', { selector: 'a' })).toBeNull());
    expect(screen.getByText('Dawn', { selector: 'a' })).toBeTruthy();
    expect(rawResourceKeys(document.body.textContent)).toEqual([]);
  });

  it('shows why a draft could not be deleted inside the confirmation', async () => {
    server = await startResourceServer();
    signInAlice(server);
    const draft = mine('草稿', 0);
    server.route('/v2/resources', (request) => pageOf([draft], request));
    server.route(`/v2/resources/${draft.resourceId}`, {
      body: envelope(null, { errCode: 2, msg: '已发行版本的资源不能删除' }),
    });
    openPage(server, '/resource/list');
    await screen.findByText('草稿', { selector: 'a' });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(within(rowOf('草稿')).getByText(/^删\s*除$/, { selector: 'button, button *' }));
    const dialog = await findDialog('删除未发布的资源“alice/草稿”？');
    await user.click(within(dialog).getByText(/^删\s*除$/, { selector: 'button, button *' }));
    expect(await within(dialog).findByText('已发行版本的资源不能删除')).toBeTruthy();
    expect(screen.getByText('草稿', { selector: 'a' })).toBeTruthy();
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
