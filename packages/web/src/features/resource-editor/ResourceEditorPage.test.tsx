import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { buttonName, policyUser } from '../policy/testing';
import { openPage, policyBinding, requestsTo, nth } from '../resources/testing';
import type { TestServer } from '../../testing/test-server';
import { loadCropImage, standInCanvas } from '../creator/testing';
import {
  COVER_URL,
  dialogTitled,
  ownedResource,
  rawEditorKeys,
  resourcePuts,
  RESOURCE_ID,
  serverMessage,
  startEditorServer,
} from './testing';

let server: TestServer;
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const button = (label: string) => screen.getByRole('button', { name: buttonName(label) });
const putBodies = () => resourcePuts(server);

describe('the resource editor', { timeout: 30_000 }, () => {
  it('shows the header, the side navigation and the info tab, and saves title, intro, tags and a new cropped cover', async () => {
    ({ server } = await startEditorServer(
      ownedResource({ coverImages: ['/images/old-cover.png', '/images/second.png'] }),
    ));
    const drawn = standInCanvas();
    openPage(server, `/resource/sidebar/info/${RESOURCE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: '山间晨雾' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '资源管理导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['基础信息', '版本信息', '授权策略', '依赖与关系', '授权合约']);
    expect(within(nav).getByRole('link', { name: '基础信息' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: '授权合约' }).getAttribute('href')).toBe(
      `/resource/sidebar/contract/${RESOURCE_ID}`,
    );
    expect(screen.getByTestId('sidebar-status').textContent).toBe('已下架');
    expect(rawEditorKeys(document.body.textContent)).toEqual([]);

    const user = policyUser();
    const title = screen.getByLabelText('资源标题') as HTMLInputElement;
    expect(title.value).toBe('山间晨雾');
    expect(button('保存').hasAttribute('disabled')).toBe(true);
    await user.clear(title);
    await user.paste('晨雾之山');
    const intro = screen.getByLabelText('资源简介');
    await user.clear(intro);
    await user.paste('新的简介');
    await user.type(screen.getByRole('combobox', { name: '标签（最多 20 个，输入后回车）' }), '清晨{enter}');
    expect(screen.getByRole('img', { name: '封面预览' }).getAttribute('src')).toBe('/images/old-cover.png');
    await user.upload(screen.getByLabelText('封面图片'), new File(['png'], 'cover.png', { type: 'image/png' }));
    // The same 4:3 crop as in the creator: a 1000 × 1000 image gives its centred 1000 × 750 part.
    await loadCropImage(1000, 1000);
    await user.click(screen.getByRole('button', { name: '裁剪并上传' }));
    await waitFor(() => expect(screen.getByRole('img', { name: '封面预览' }).getAttribute('src')).toBe(COVER_URL));
    expect(nth(drawn, drawn.length - 1).slice(1)).toEqual([0, 125, 1000, 750, 0, 0, 960, 720]);
    expect(nth(requestsTo(server, 'POST', '/v2/storages/files/uploadImage'), 0).body).toContain(
      'Content-Type: image/jpeg',
    );
    await user.click(button('保存'));

    expect(await screen.findByText('已保存')).toBeTruthy();
    expect(nth(putBodies(), 0)).toEqual({
      resourceId: RESOURCE_ID,
      resourceTitle: '晨雾之山',
      intro: '新的简介',
      tags: ['风景', '清晨'],
      // The new cover takes the first image's place; the others stay.
      coverImages: [COVER_URL, '/images/second.png'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: '晨雾之山' })).toBeTruthy();
  });

  it('removes the cover, and shows why the server refused a save', async () => {
    ({ server } = await startEditorServer());
    server.route(`/v2/resources/${RESOURCE_ID}`, (request) =>
      request.method === 'PUT'
        ? { body: { ret: 0, errCode: 4, msg: '标签“官方推荐”仅管理员可用', data: null } }
        : { body: { ret: 0, errCode: 0, msg: 'success', data: ownedResource() } },
    );
    openPage(server, `/resource/sidebar/info/${RESOURCE_ID}`);
    const user = policyUser();
    await user.click(await screen.findByRole('button', { name: buttonName('移除封面') }));
    expect(screen.queryByRole('img', { name: '封面预览' })).toBeNull();
    await user.click(button('保存'));
    expect((await screen.findByTestId('info-error')).textContent).toContain('标签“官方推荐”仅管理员可用');
    expect(nth(putBodies(), 0)).toMatchObject({ coverImages: [] });
  });

  it('puts the server’s message on the field it names, without a banner, until the next edit', async () => {
    ({ server } = await startEditorServer());
    server.route(`/v2/resources/${RESOURCE_ID}`, (request) =>
      request.method === 'PUT'
        ? {
            body: {
              ret: 0,
              errCode: 4,
              msg: '参数校验失败',
              data: [{ field: 'intro', code: 'plainText', message: '不能包含 HTML 标签' }],
            },
          }
        : { body: { ret: 0, errCode: 0, msg: 'success', data: ownedResource() } },
    );
    openPage(server, `/resource/sidebar/info/${RESOURCE_ID}`);
    const user = policyUser();
    const intro = await screen.findByLabelText('资源简介');
    await user.click(intro);
    await user.paste('<b>');
    await user.click(button('保存'));
    const message = await screen.findByText('不能包含 HTML 标签');
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.closest('div')?.contains(intro)).toBe(true);
    expect(screen.queryByTestId('info-error')).toBeNull();
    await user.type(intro, 'x');
    await waitFor(() => expect(screen.queryByText('不能包含 HTML 标签')).toBeNull());
  });

  it('offers going online only with an enabled policy, else says what to do with a link to the policies tab', async () => {
    ({ server } = await startEditorServer(
      ownedResource({ policies: [policyBinding({ policyId: 'a'.repeat(32), policyName: '免费使用', status: 0 })] }),
    ));
    const { router } = openPage(server, `/resource/sidebar/info/${RESOURCE_ID}`);
    const toggle = await screen.findByRole('switch', { name: '可授权' });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    const notice = screen.getByTestId('online-blocker');
    expect(notice.textContent).toContain('资源至少要有一条已启用的授权策略才能上架');
    expect(toggle.getAttribute('aria-describedby')).toBe(notice.parentElement?.id);
    const link = within(notice).getByRole('link', { name: '前往授权策略' });
    expect(link.getAttribute('href')).toBe(`/resource/sidebar/policy/${RESOURCE_ID}`);
    await policyUser().click(toggle);
    expect(putBodies()).toEqual([]);
    await policyUser().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/resource/sidebar/policy/${RESOURCE_ID}`));
  });

  it('goes online with the switch, shows the server’s reason when it refuses, and asks before going offline', async () => {
    const sidebar = await startEditorServer(
      ownedResource({ policies: [policyBinding({ policyId: 'a'.repeat(32), policyName: '免费使用', status: 1 })] }),
    );
    server = sidebar.server;
    openPage(server, `/resource/sidebar/info/${RESOURCE_ID}`);
    const user = policyUser();
    const toggle = await screen.findByRole('switch', { name: '可授权' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByTestId('online-blocker')).toBeNull();
    // Meanwhile the policy was disabled elsewhere (another tab): the server refuses and says why.
    sidebar.resource.policies = [policyBinding({ policyId: 'a'.repeat(32), policyName: '免费使用', status: 0 })];
    await user.click(toggle);
    expect((await screen.findByTestId('switch-refusal')).textContent).toContain(
      serverMessage('resources.onlineNeedsPolicy'),
    );
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    sidebar.resource.policies = [policyBinding({ policyId: 'a'.repeat(32), policyName: '免费使用', status: 1 })];
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByTestId('sidebar-status').textContent).toBe('已上架');
    expect(screen.getByText('资源已上架')).toBeTruthy();
    expect(screen.queryByTestId('switch-refusal')).toBeNull();
    expect(putBodies().map((body) => body.status)).toEqual([1, 1]);

    await user.click(toggle);
    const dialog = await dialogTitled('下架这个资源？');
    expect(putBodies()).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: buttonName('下架') }));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(nth(putBodies(), 2)).toEqual({ resourceId: RESOURCE_ID, status: 4 });
    expect(screen.getByTestId('sidebar-status').textContent).toBe('已下架');
  });

  it('explains that an unreleased resource needs a version first, with a link to release one', async () => {
    ({ server } = await startEditorServer(ownedResource({ status: 0, resourceVersions: [], latestVersion: '' })));
    openPage(server, `/resource/sidebar/info/${RESOURCE_ID}`, 'en_US');
    const notice = await screen.findByTestId('sidebar-unreleased');
    expect(notice.textContent).toContain('Not released yet');
    expect(within(notice).getByRole('link', { name: 'Release the first version' }).getAttribute('href')).toBe(
      `/resource/creator?resourceId=${RESOURCE_ID}`,
    );
    const toggle = screen.getByRole('switch', { name: 'Available for licensing' });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('It can go online after its first version is released.')).toBeTruthy();
    expect(rawEditorKeys(document.body.textContent)).toEqual([]);
  });

  it('shows a frozen resource read-only with the reason', async () => {
    ({ server } = await startEditorServer(ownedResource({ status: 2, isFrozen: 1, freezeReason: '侵权投诉' })));
    openPage(server, `/resource/sidebar/info/${RESOURCE_ID}`);
    const banner = await screen.findByTestId('sidebar-frozen');
    expect(banner.textContent).toContain('冻结原因：侵权投诉');
    expect(within(banner).getByRole('link', { name: '查看冻结说明' }).getAttribute('href')).toBe(
      `/result/resource/freeze/${RESOURCE_ID}`,
    );
    expect((screen.getByLabelText('资源标题') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('封面图片') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: buttonName('移除封面') }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: buttonName('保存') })).toBeNull();
    expect(screen.getByRole('switch', { name: '可授权' }).hasAttribute('disabled')).toBe(true);
  });

  it('tells another user that the resource is not theirs', async () => {
    ({ server } = await startEditorServer(ownedResource({ userId: 10002, username: 'bob', resourceName: 'bob/晨雾' })));
    openPage(server, `/resource/sidebar/policy/${RESOURCE_ID}`);
    const panel = await screen.findByTestId('sidebar-not-yours');
    expect(panel.textContent).toContain('这不是你的资源');
    expect(within(panel).getByRole('link', { name: '查看资源详情' }).getAttribute('href')).toBe(
      `/resource/details/${RESOURCE_ID}`,
    );
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('says so when the resource does not exist, and leads an unknown tab to the info tab', async () => {
    ({ server } = await startEditorServer());
    server.route('/v2/resources/6650a1c2e4b0f3d9ffffffff', {
      body: { ret: 0, errCode: 2, msg: 'not found', data: null },
    });
    openPage(server, '/resource/sidebar/info/6650a1c2e4b0f3d9ffffffff');
    expect(await screen.findByTestId('sidebar-not-found')).toBeTruthy();

    await server.close();
    ({ server } = await startEditorServer());
    const { router } = openPage(server, `/resource/sidebar/elsewhere/${RESOURCE_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/resource/sidebar/info/${RESOURCE_ID}`));
  });

  it('sends a visitor to the login page', async () => {
    ({ server } = await startEditorServer(ownedResource(), { signedIn: false }));
    const { router } = openPage(server, `/resource/sidebar/info/${RESOURCE_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
