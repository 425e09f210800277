import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { envelope, type TestServer } from '../../testing/test-server';
import { policyUser } from '../policy/testing';
import { FREE_POLICY_TEXT, nth, openPage, requestsTo } from '../resources/testing';
import {
  addPolicyAsCode,
  buttonNamed,
  DEPENDENCY_ID,
  DEPENDENCY_POLICY,
  FILE_SHA1,
  loadCropImage,
  publishingWrites,
  RESOURCE_ID,
  routeDependencies,
  routeDraft,
  standInCanvas,
  startCreatorServer,
  UPCAST_ID,
  UPCAST_POLICY,
  unreleasedResource,
} from './testing';
import { richTextOf } from '../../testing/rich-text';

let server: TestServer;
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const created = unreleasedResource();
const versionsPath = `/v2/resources/${RESOURCE_ID}/versions`;

async function chooseTypeAndName(user: ReturnType<typeof policyUser>, name: string) {
  await user.click(await screen.findByRole('combobox', { name: '资源类型' }));
  await user.click(await screen.findByTitle('插画'));
  await user.type(screen.getByLabelText('资源名称'), name);
}

/** The resource, its update and its versions, with the cycle check answering `noCycle`. */
function routeResource(noCycle = true) {
  server.route(`/v2/resources/${RESOURCE_ID}`, (request) => ({
    body: envelope(request.method === 'PUT' ? { ...created, resourceTitle: '晨雾标题' } : created),
  }));
  server.route(versionsPath, { body: envelope({ version: '1.0.0', versionId: 'v1' }) });
  server.route(`${versionsPath}/cycleDependencyCheck`, { body: envelope(noCycle) });
}

describe('the resource creator', { timeout: 40_000 }, () => {
  it('creates the resource on leaving step 1, then publishes its properties, dependencies, policies and cropped cover', async () => {
    server = await startCreatorServer();
    routeDependencies(server, { body: envelope(created) });
    routeResource();
    const draft = routeDraft(server, RESOURCE_ID);
    server.route('/v2/storages/files/uploadImage', { body: envelope({ url: '/static/covers/fog.jpg' }) });
    const drawn = standInCanvas();
    const { router } = openPage(server, '/resource/creator');
    const user = policyUser();
    await chooseTypeAndName(user, '晨雾');
    expect(screen.getByText('alice/')).toBeTruthy();
    await user.click(buttonNamed('下一步'));

    // Step 2: the resource exists (type and name only) and the address carries it.
    expect(await screen.findByLabelText('本地文件')).toBeTruthy();
    expect(JSON.parse(nth(requestsTo(server, 'POST', '/v2/resources'), 0).body)).toEqual({
      name: '晨雾',
      resourceTypeCode: 'image-illustration',
    });
    expect(router.state.location.search).toBe(`?resourceId=${RESOURCE_ID}`);
    await user.upload(screen.getByLabelText('本地文件'), new File(['hello'], 'fog.png', { type: 'image/png' }));
    expect(await screen.findByTestId('chosen-file')).toBeTruthy();
    expect((screen.getByLabelText('版本号') as HTMLInputElement).value).toBe('1.0.0');

    await user.click(screen.getByText('添加属性'));
    const property = within(screen.getByTestId('property-entry'));
    await user.type(property.getByLabelText('键'), 'mood');
    await user.type(property.getByLabelText('默认值'), '静');

    await user.type(screen.getByLabelText('搜索要依赖的资源'), '山谷{Enter}');
    await user.click(await screen.findByRole('button', { name: '添加依赖 bob/山谷' }));
    expect((screen.getByLabelText('bob/山谷 的版本范围') as HTMLInputElement).value).toBe('^1.2.0');
    const valley = within(await screen.findByRole('group', { name: 'bob/山谷' }));
    expect((valley.getByRole('checkbox', { name: '山谷授权' }) as HTMLInputElement).checked).toBe(true);
    expect(valley.queryByRole('checkbox', { name: '停用的' })).toBeNull();
    const river = within(await screen.findByRole('group', { name: 'bob/河流' }));
    expect(river.getByText('（由 bob/山谷 上抛）')).toBeTruthy();
    await user.click(river.getByRole('checkbox', { name: '上抛：我不自己获取授权' }));
    expect(river.queryByRole('checkbox', { name: '河流授权' })).toBeNull();
    await user.click(buttonNamed('下一步'));

    await addPolicyAsCode(user, '免费');
    expect((await screen.findByTestId('added-policy')).textContent).toContain('免费');
    await user.click(buttonNamed('下一步'));

    await user.type(screen.getByLabelText('资源标题'), '晨雾标题');
    await user.click(screen.getByRole('combobox', { name: '标签（最多 20 个）' }));
    await user.click(await screen.findByTitle('风景'));
    await user.upload(screen.getByLabelText('封面图片'), new File(['png'], 'cover.png', { type: 'image/png' }));
    await loadCropImage(1600, 900);
    // 16:9 at zoom 1: the largest 4:3 frame is 1200 × 900, centred.
    expect(nth(drawn, drawn.length - 1).slice(1, 5)).toEqual([200, 0, 1200, 900]);
    await user.click(screen.getByRole('img', { name: '裁剪区域' }));
    await user.keyboard('{ArrowRight}');
    expect(nth(drawn, drawn.length - 1).slice(1, 5)).toEqual([225, 0, 1200, 900]);
    await user.click(screen.getByRole('button', { name: '裁剪并上传' }));
    expect((await screen.findByRole('img', { name: '封面预览' })).getAttribute('src')).toBe('/static/covers/fog.jpg');
    expect(nth(drawn, drawn.length - 1).slice(1)).toEqual([225, 0, 1200, 900, 0, 0, 960, 720]);
    // The cropped JPEG is what is uploaded, not the chosen PNG.
    expect(nth(requestsTo(server, 'POST', '/v2/storages/files/uploadImage'), 0).body).toContain(
      'Content-Type: image/jpeg',
    );

    // The draft is saved a moment after the last change: wait for it (a quick click would publish first).
    await waitFor(() => expect(draft.saved()).not.toBeNull(), { timeout: 10_000 });
    await user.click(buttonNamed('发布'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/result/resource/create/success/${RESOURCE_ID}`));

    expect(nth(requestsTo(server, 'GET', '/v2/resources/tags/availableTags'), 0).query.get('resourceTypeCode')).toBe(
      'image-illustration',
    );
    expect(publishingWrites(server)).toEqual([
      'POST /v2/resources',
      'POST /v2/storages/files/upload',
      'POST /v2/storages/files/uploadImage',
      `POST ${versionsPath}/cycleDependencyCheck`,
      `PUT /v2/resources/${RESOURCE_ID}`,
      `POST ${versionsPath}`,
    ]);
    expect(JSON.parse(nth(requestsTo(server, 'POST', `${versionsPath}/cycleDependencyCheck`), 0).body)).toEqual({
      dependencies: [{ resourceId: DEPENDENCY_ID, versionRange: '^1.2.0' }],
    });
    expect(JSON.parse(nth(requestsTo(server, 'PUT', `/v2/resources/${RESOURCE_ID}`), 0).body)).toEqual({
      resourceId: RESOURCE_ID,
      resourceTitle: '晨雾标题',
      intro: '',
      tags: ['风景'],
      coverImages: ['/static/covers/fog.jpg'],
      addPolicies: [{ policyName: '免费', policyText: encodeURIComponent(FREE_POLICY_TEXT) }],
    });
    expect(JSON.parse(nth(requestsTo(server, 'POST', versionsPath), 0).body)).toEqual({
      version: '1.0.0',
      fileSha1: FILE_SHA1,
      filename: 'fog.png',
      description: '',
      customPropertyDescriptors: [
        { key: 'mood', name: '', type: 'editableText', defaultValue: '静', candidateItems: [], remark: '' },
      ],
      dependencies: [{ resourceId: DEPENDENCY_ID, versionRange: '^1.2.0' }],
      baseUpcastResources: [{ resourceId: UPCAST_ID }],
      batchSignContracts: [{ resourceId: DEPENDENCY_ID, policyIds: [DEPENDENCY_POLICY] }],
    });
    expect(draft.saved()).not.toBeNull();
    expect(await screen.findByRole('link', { name: '查看资源详情' })).toBeTruthy();
  });

  it('refuses a taken name at step 1, before anything else is asked', async () => {
    server = await startCreatorServer();
    routeDependencies(server, { body: envelope(null, { errCode: 2, msg: '资源名称已存在' }) });
    const { router } = openPage(server, '/resource/creator');
    const user = policyUser();
    await chooseTypeAndName(user, '晨雾');
    await user.click(buttonNamed('下一步'));
    expect((await screen.findByTestId('creator-error')).textContent).toContain('资源名称已存在');
    expect((screen.getByLabelText('资源名称') as HTMLInputElement).value).toBe('晨雾');
    expect(screen.queryByLabelText('本地文件')).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('checks the name as one types, and shows a refusal naming the name under it, not in a banner', async () => {
    server = await startCreatorServer();
    routeDependencies(server, {
      body: envelope([{ field: 'name', code: 'pattern', message: '名称格式不正确' }], {
        errCode: 4,
        msg: '参数校验失败',
      }),
    });
    openPage(server, '/resource/creator');
    const user = policyUser();
    await chooseTypeAndName(user, 'a/b');
    expect((await screen.findByText(/^资源名称需为 1–60 个字符/u)).getAttribute('role')).toBe('alert');
    await user.clear(screen.getByLabelText('资源名称'));
    await user.type(screen.getByLabelText('资源名称'), '晨雾');
    await user.click(buttonNamed('下一步'));
    const message = await screen.findByText('名称格式不正确');
    expect(message.getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('creator-error')).toBeNull();
  });

  it('resumes from the server draft after a reload, saves changes with the time, and shows why the dependencies are refused', async () => {
    server = await startCreatorServer();
    routeDependencies(server);
    routeResource(false);
    const draft = routeDraft(server, RESOURCE_ID, {
      step: 3,
      version: '1.0.0',
      description: '草稿说明',
      fileSha1: FILE_SHA1,
      filename: 'fog.png',
      dependencies: [{ resourceId: DEPENDENCY_ID, resourceName: 'bob/山谷', versionRange: '^1.0.0' }],
      contracts: { [DEPENDENCY_ID]: [DEPENDENCY_POLICY], [UPCAST_ID]: [UPCAST_POLICY] },
      upcasts: [],
      resourceTitle: '草稿标题',
      intro: '',
      tags: [],
      coverImages: [],
      policies: [],
    });
    openPage(server, `/resource/creator?resourceId=${RESOURCE_ID}`);
    const title = (await screen.findByLabelText('资源标题')) as HTMLInputElement;
    expect(title.value).toBe('草稿标题');
    const user = policyUser();
    await user.type(title, '二');
    expect(await screen.findByText(/^草稿已于 \d\d:\d\d 保存$/)).toBeTruthy();
    expect(draft.saved()).toMatchObject({ step: 3, resourceTitle: '草稿标题二', fileSha1: FILE_SHA1 });

    await user.click(buttonNamed('上一步'));
    await user.click(buttonNamed('上一步'));
    expect((await screen.findByTestId('chosen-file')).textContent).toContain('fog.png');
    expect(await richTextOf('版本描述')).toBe('草稿说明');
    expect(((await screen.findByRole('checkbox', { name: '河流授权' })) as HTMLInputElement).checked).toBe(true);
    await user.click(buttonNamed('上一步'));
    expect(screen.getByText('已创建资源 alice/晨雾（插画）')).toBeTruthy();
    await user.click(buttonNamed('下一步'));
    await user.click(buttonNamed('下一步'));
    await user.click(buttonNamed('下一步'));
    await user.click(buttonNamed('发布'));
    expect((await screen.findByTestId('creator-error')).textContent).toBe(
      '这些依赖会形成循环依赖（或依赖层级超过 20 层）',
    );
    expect(requestsTo(server, 'PUT', `/v2/resources/${RESOURCE_ID}`)).toHaveLength(0);
    expect(requestsTo(server, 'POST', versionsPath)).toHaveLength(0);
  });

  it('sends a released resource to the version creator', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope({ ...created, latestVersion: '1.0.0' }) });
    routeDraft(server, RESOURCE_ID);
    openPage(server, `/resource/creator?resourceId=${RESOURCE_ID}`);
    expect(await screen.findByText('alice/晨雾 已发布过版本')).toBeTruthy();
    expect(screen.getByRole('link', { name: '为它创建新版本' }).getAttribute('href')).toBe(
      `/resource/versionCreator/${RESOURCE_ID}`,
    );
  });

  it('suggests free names from the name typed and the file picked first, never the type nor a `_1` for a free name, in English', async () => {
    server = await startCreatorServer();
    routeDependencies(server);
    // As the server does: `fog` is taken, and the names of one request are kept distinct from one another.
    server.route('/v2/resources/generateResourceNames', (request) => {
      const chosen = new Set<string>(['fog']);
      return {
        body: envelope(
          (JSON.parse(request.body) as { resourceNames: string[] }).resourceNames.map((inputName) => {
            let name = inputName;
            for (let n = 1; chosen.has(name); n += 1) name = `${inputName}_${n}`;
            chosen.add(name);
            return { inputName, name, resourceName: '' };
          }),
        ),
      };
    });
    openPage(server, '/resource/creator', 'en_US');
    const user = policyUser();
    await user.click(await screen.findByRole('combobox', { name: 'Resource type' }));
    await user.click(await screen.findByTitle('Illustration'));
    await user.upload(
      screen.getByLabelText('Pick the file first (optional, to suggest a name)'),
      new File(['x'], 'sunset.png', { type: 'image/png' }),
    );
    await user.type(screen.getByLabelText('Resource name'), 'fog');
    const free = await screen.findByRole('group', { name: 'Free names:' });
    const chips = () =>
      within(free)
        .getAllByRole('button')
        .map((chip) => chip.textContent);
    await waitFor(() => expect(chips()).toEqual(['fog_1', 'sunset']));
    expect(screen.getByText('You have a resource of this name already; pick one below')).toBeTruthy();
    await user.click(within(free).getByRole('button', { name: 'sunset' }));
    expect((screen.getByLabelText('Resource name') as HTMLInputElement).value).toBe('sunset');
    // The name typed is the file's: free, so nothing else to offer (no `sunset_1`) and no "taken".
    await waitFor(() =>
      expect(
        requestsTo(server, 'POST', '/v2/resources/generateResourceNames')
          .slice(-1)
          .map((request) => JSON.parse(request.body) as unknown),
      ).toEqual([{ resourceNames: ['sunset'] }]),
    );
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Free names:' })).toBeNull());
    expect(screen.queryByText('You have a resource of this name already; pick one below')).toBeNull();
    // The type's name is never asked for.
    for (const request of requestsTo(server, 'POST', '/v2/resources/generateResourceNames'))
      expect(request.body).not.toMatch(/Illustration|插画|image/);
    expect(document.body.textContent).not.toMatch(/creator\.[a-z]/);
  });
});
