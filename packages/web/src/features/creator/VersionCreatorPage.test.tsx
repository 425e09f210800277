import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { envelope, type TestServer } from '../../testing/test-server';
import { buttonName, policyUser } from '../policy/testing';
import { ALICE, openPage, requestsTo, resourceWire, nth } from '../resources/testing';
import {
  DEPENDENCY_ID,
  DEPENDENCY_POLICY,
  FILE_SHA1,
  RESOURCE_ID,
  UPCAST_ID,
  buttonNamed,
  routeDependencies,
  startCreatorServer,
  pickStoredObject,
} from './testing';
import { richTextOf } from '../../testing/rich-text';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

const resource = resourceWire({
  resourceId: RESOURCE_ID,
  resourceName: 'alice/晨雾',
  userId: ALICE,
  username: 'alice',
  latestVersion: '1.2.3',
  latestVersionInfo: {
    version: '1.2.3',
    versionId: 'v3',
    description: '上一版的说明',
    customPropertyDescriptors: [{ key: 'mood', defaultValue: '静', type: 'editableText' }],
  },
});
const mood = { key: 'mood', name: '', type: 'editableText', defaultValue: '静', candidateItems: [], remark: '' };
/** bob/山谷's policy that its owner disabled after alice's previous version signed it. */
const DISABLED_POLICY = 'd'.repeat(32);
/** The select property of the previous version in the prefill test, as it is sent again. */
const MODE_PROPERTY = {
  key: 'mode',
  name: '模式',
  defaultValue: 'day',
  type: 'select',
  candidateItems: ['day', 'night'],
  remark: '',
};
const draftPath = `/v2/resources/${RESOURCE_ID}/versions/drafts`;

describe('the version creator', { timeout: 20_000 }, () => {
  /**
   * Opens the creator of alice/晨雾 whose previous version 1.2.3 depended on bob/山谷 (^1.0.0) under
   * `contracts`, with bob/河流 fixed as its upcast, no draft and the publishing routes answered.
   */
  async function openAfterPreviousVersion(
    contracts: { policyId: string; contractId: string }[],
    more: Record<string, unknown> = {},
  ) {
    server = await startCreatorServer();
    routeDependencies(server);
    const previous = {
      version: '1.2.3',
      versionId: 'v3',
      description: '',
      customPropertyDescriptors: [],
      dependencies: [{ resourceId: DEPENDENCY_ID, resourceName: 'bob/山谷', versionRange: '^1.0.0' }],
      resolveResources: [{ resourceId: DEPENDENCY_ID, resourceName: 'bob/山谷', contracts }],
      ...more,
    };
    server.route(`/v2/resources/${RESOURCE_ID}`, {
      body: envelope({
        ...resource,
        latestVersionInfo: previous,
        baseUpcastResources: [{ resourceId: UPCAST_ID, resourceName: 'bob/河流' }],
      }),
    });
    server.route(draftPath, { body: envelope(null) });
    server.route(`/v2/resources/${RESOURCE_ID}/versions/cycleDependencyCheck`, { body: envelope(true) });
    server.route(`/v2/resources/${RESOURCE_ID}/versions`, { body: envelope({ version: '1.2.4', versionId: 'v4' }) });
    return openPage(server, `/resource/versionCreator/${RESOURCE_ID}`);
  }

  it('prefills the next patch version and the previous description, saves a draft, and publishes', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(resource) });
    server.route(draftPath, (request) => ({
      body: envelope(request.method === 'POST' ? { resourceId: RESOURCE_ID } : null),
    }));
    server.route(`/v2/resources/${RESOURCE_ID}/versions`, { body: envelope({ version: '1.2.4', versionId: 'v4' }) });
    const { router } = openPage(server, `/resource/versionCreator/${RESOURCE_ID}`);
    const versionInput = (await screen.findByLabelText('版本号')) as HTMLInputElement;
    expect(versionInput.value).toBe('1.2.4');
    expect(await richTextOf('版本描述')).toBe('上一版的说明');
    expect((within(screen.getByTestId('property-entry')).getByLabelText('键') as HTMLInputElement).value).toBe('mood');

    const user = policyUser();
    await pickStoredObject(user);
    // The chosen file is a discrete action, saved at once (draft-saving.test.tsx); then the page says when.
    expect(await screen.findByText(/^草稿已于 \d\d:\d\d 保存$/)).toBeTruthy();
    // The last save (a draft may have been saved before the pick).
    const lastSave = () => {
      const saves = requestsTo(server, 'POST', draftPath);
      return JSON.parse(nth(saves, saves.length - 1).body) as unknown;
    };
    await waitFor(() => expect(lastSave()).toMatchObject({ draftData: { fileSha1: FILE_SHA1 } }));
    expect(lastSave()).toEqual({
      resourceId: RESOURCE_ID,
      draftData: {
        version: '1.2.4',
        description: '上一版的说明',
        fileSha1: FILE_SHA1,
        filename: 'fog.png',
        customPropertyDescriptors: [mood],
        dependencies: [],
        contracts: {},
      },
    });

    await user.click(buttonNamed('发布版本'));
    // The resource had versions: the release page follows.
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/result/resource/version/create/release/${RESOURCE_ID}/1.2.4`),
    );
    expect(JSON.parse(nth(requestsTo(server, 'POST', `/v2/resources/${RESOURCE_ID}/versions`), 0).body)).toEqual({
      version: '1.2.4',
      fileSha1: FILE_SHA1,
      filename: 'fog.png',
      description: '上一版的说明',
      customPropertyDescriptors: [mood],
      dependencies: [],
      batchSignContracts: [],
    });
    expect(requestsTo(server, 'POST', `/v2/resources/${RESOURCE_ID}/versions/cycleDependencyCheck`)).toHaveLength(0);
  });

  it("takes the file of a storage object, and refuses a file another user's resource uses", async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(resource) });
    server.route(draftPath, { body: envelope(null) });
    openPage(server, `/resource/versionCreator/${RESOURCE_ID}`);
    const user = policyUser();
    const picker = await screen.findByRole('combobox', { name: '存储空间中的对象' });
    await user.click(picker);
    // Every bucket's newest objects, with their type and size.
    expect((await screen.findByTitle('fog.png')).textContent).toBe('fog.png图片 · 5.00 B');
    expect(screen.getByTitle('notes.md')).toBeTruthy();
    // Typing narrows the list by the server's name search.
    await user.type(picker, 'not');
    await waitFor(() =>
      expect(
        requestsTo(server, 'GET', '/v2/storages/buckets/photos/objects').some(
          (request) => request.query.get('keywords') === 'not',
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTitle('fog.png')).toBeNull());
    expect(screen.getByTitle('notes.md')).toBeTruthy();
    await user.type(picker, 'zzz');
    expect(await screen.findByText('没有名称包含“notzzz”的对象')).toBeTruthy();
    await user.clear(picker);
    await user.click(await screen.findByTitle('fog.png'));
    expect((await screen.findByTestId('chosen-file')).textContent).toBe(`文件：fog.png（${FILE_SHA1}）`);

    server.route('/v2/resources/versions/isCanBeCreate', { body: envelope(false) });
    await pickStoredObject(user, 'notes.md');
    expect((await screen.findByRole('alert')).textContent).toContain('该文件已被其他用户的资源使用');
    expect(screen.queryByTestId('chosen-file')).toBeNull();
  });

  it('prefills the dependencies, their chosen policies and the fixed upcasts of the previous version, and sends them', async () => {
    const { router } = await openAfterPreviousVersion([{ policyId: DEPENDENCY_POLICY, contractId: 'k1' }], {
      customPropertyDescriptors: [MODE_PROPERTY],
      upcastResources: [{ resourceId: UPCAST_ID, resourceName: 'bob/河流' }],
    });
    expect(((await screen.findByLabelText('bob/山谷 的版本范围')) as HTMLInputElement).value).toBe('^1.0.0');
    expect((within(screen.getByTestId('property-entry')).getByLabelText('键') as HTMLInputElement).value).toBe('mode');
    const valley = within(await screen.findByRole('group', { name: 'bob/山谷' }));
    expect(((await valley.findByRole('checkbox', { name: '山谷授权' })) as HTMLInputElement).checked).toBe(true);
    const river = within(await screen.findByRole('group', { name: 'bob/河流' }));
    expect(river.getByText('已上抛（首个版本确定）')).toBeTruthy();
    expect(river.queryByRole('checkbox')).toBeNull();

    const user = policyUser();
    await user.clear(screen.getByLabelText('bob/山谷 的版本范围'));
    await user.type(screen.getByLabelText('bob/山谷 的版本范围'), 'abc');
    expect(screen.getByRole('alert').textContent).toBe('bob/山谷 的版本范围无效，例如 ^1.0.0、~1.2.0 或 *');
    await user.clear(screen.getByLabelText('bob/山谷 的版本范围'));
    await user.type(screen.getByLabelText('bob/山谷 的版本范围'), '~1.2.0');
    await pickStoredObject(user);
    await screen.findByTestId('chosen-file');
    await user.click(buttonNamed('发布版本'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/result/resource/version/create/release/${RESOURCE_ID}/1.2.4`),
    );
    expect(JSON.parse(nth(requestsTo(server, 'POST', `/v2/resources/${RESOURCE_ID}/versions`), 0).body)).toMatchObject({
      customPropertyDescriptors: [MODE_PROPERTY],
      dependencies: [{ resourceId: DEPENDENCY_ID, versionRange: '~1.2.0' }],
      batchSignContracts: [{ resourceId: DEPENDENCY_ID, policyIds: [DEPENDENCY_POLICY] }],
    });
    expect(
      JSON.parse(nth(requestsTo(server, 'POST', `/v2/resources/${RESOURCE_ID}/versions`), 0).body),
    ).not.toHaveProperty('baseUpcastResources');
  });

  it('says which policy of the previous version is no longer offered, and publishes once it is taken out', async () => {
    await openAfterPreviousVersion([
      { policyId: DEPENDENCY_POLICY, contractId: 'k1' },
      { policyId: DISABLED_POLICY, contractId: 'k2' },
    ]);

    const valley = within(await screen.findByRole('group', { name: 'bob/山谷' }));
    expect(((await valley.findByRole('checkbox', { name: '山谷授权' })) as HTMLInputElement).checked).toBe(true);
    expect(valley.getByRole('alert').textContent).toContain(
      '上一版本签约的策略“停用的”已被 bob/山谷 停用，无法再签约：请移除后再发布',
    );
    const user = policyUser();
    await user.click(valley.getByRole('button', { name: '移除“停用的”' }));
    expect(valley.queryByRole('alert')).toBeNull();

    await pickStoredObject(user);
    await screen.findByTestId('chosen-file');
    await user.click(buttonNamed('发布版本'));
    await waitFor(() => expect(requestsTo(server, 'POST', `/v2/resources/${RESOURCE_ID}/versions`)).toHaveLength(1));
    expect(JSON.parse(nth(requestsTo(server, 'POST', `/v2/resources/${RESOURCE_ID}/versions`), 0).body)).toMatchObject({
      batchSignContracts: [{ resourceId: DEPENDENCY_ID, policyIds: [DEPENDENCY_POLICY] }],
    });
  });

  it('refuses to publish a property the server would refuse', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(resource) });
    server.route(draftPath, { body: envelope(null) });
    openPage(server, `/resource/versionCreator/${RESOURCE_ID}`);
    const user = policyUser();
    await user.click(await screen.findByText('添加属性'));
    const [, added] = screen.getAllByTestId('property-entry');
    await user.type(within(added as HTMLElement).getByLabelText('键'), 'mood');
    await pickStoredObject(user);
    await screen.findByTestId('chosen-file');
    await user.click(buttonNamed('发布版本'));
    expect((await screen.findByTestId('creator-error')).textContent).toBe('键“mood”重复了');
    expect(requestsTo(server, 'POST', `/v2/resources/${RESOURCE_ID}/versions`)).toHaveLength(0);
  });

  it('checks the version number as one types, and puts a refused field under it; a new attempt clears the banner', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(resource) });
    server.route(draftPath, { body: envelope(null) });
    const versions = `/v2/resources/${RESOURCE_ID}/versions`;
    server.route(versions, { body: envelope(null, { errCode: 2, msg: '版本号须大于最新版本 1.2.3' }) });
    openPage(server, `/resource/versionCreator/${RESOURCE_ID}`);
    const user = policyUser();
    const versionInput = await screen.findByLabelText('版本号');
    const versionRule = '版本号须为 主版本.次版本.修订号，如 1.0.0';
    await user.clear(versionInput);
    await user.type(versionInput, '1.3');
    expect((await screen.findByText(versionRule)).previousElementSibling?.textContent).toContain('版本号');
    await user.type(versionInput, '.0');
    await waitFor(() => expect(screen.queryByText(versionRule)).toBeNull());

    await pickStoredObject(user);
    await screen.findByTestId('chosen-file');
    await user.click(buttonNamed('发布版本'));
    expect((await screen.findByTestId('creator-error')).textContent).toBe('版本号须大于最新版本 1.2.3');

    server.route(versions, {
      body: envelope([{ field: 'description', code: 'maxLength', message: '最多 1000 个字符' }], {
        errCode: 4,
        msg: '参数校验失败',
      }),
    });
    await user.click(buttonNamed('发布版本'));
    const message = await screen.findByText('最多 1000 个字符');
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.previousElementSibling?.textContent).toContain('版本描述');
    // The field shows it; the banner of the first attempt is gone and says nothing more.
    expect(screen.queryByTestId('creator-error')).toBeNull();
  });

  it('restores a saved draft', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(resource) });
    server.route(draftPath, {
      body: envelope({ resourceId: RESOURCE_ID, draftData: { version: '2.0.0', description: '草稿里的说明' } }),
    });
    openPage(server, `/resource/versionCreator/${RESOURCE_ID}`);
    expect(((await screen.findByLabelText('版本号')) as HTMLInputElement).value).toBe('2.0.0');
    expect(await richTextOf('版本描述')).toBe('草稿里的说明');
  });
});

describe('the release page', { timeout: 20_000 }, () => {
  it('says an online resource serves the new version and links to its details and editor', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope({ ...resource, status: 1 }) });
    openPage(server, `/result/resource/version/create/release/${RESOURCE_ID}/1.2.4`);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('版本 1.2.4 已发布');
    expect((await screen.findByText(/已上线/)).textContent).toBe('alice/晨雾 已上线，新版本现在即可被使用。');
    expect(screen.getByRole('link', { name: '查看该版本详情' }).getAttribute('href')).toBe(
      `/resource/details/${RESOURCE_ID}?version=1.2.4`,
    );
    expect(screen.getByRole('link', { name: '编辑版本信息' }).getAttribute('href')).toBe(
      `/resource/sidebar/versionInfo/${RESOURCE_ID}?version=1.2.4`,
    );
    expect(screen.queryByRole('button', { name: buttonName('立即上线') })).toBeNull();
  });

  it('offers to put an offline resource online, in English', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, (request) => ({
      body: envelope({ ...resource, status: request.method === 'PUT' ? 1 : 4 }),
    }));
    openPage(server, `/result/resource/version/create/release/${RESOURCE_ID}/1.2.4`, 'en_US');
    expect((await screen.findByText(/offline/)).textContent).toBe(
      'alice/晨雾 is offline: the new version becomes available once it is online.',
    );
    await policyUser().click(screen.getByRole('button', { name: 'Put online' }));
    expect((await screen.findByText('The resource is online')).getAttribute('role')).toBe('status');
    expect(document.body.textContent).not.toMatch(/creator\.[a-z]/);
  });

  it('says why the resource cannot be read', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(null, { errCode: 2, msg: '资源不存在' }) });
    openPage(server, `/result/resource/version/create/release/${RESOURCE_ID}/1.2.4`);
    expect((await screen.findByRole('alert')).textContent).toContain('资源不存在');
  });
});

describe('the create-success page', { timeout: 20_000 }, () => {
  it("links to the details and shows the server's reason when it refuses to put the resource online", async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(null, { errCode: 2, msg: '资源没有启用的策略' }) });
    openPage(server, `/result/resource/create/success/${RESOURCE_ID}`);
    expect((await screen.findByRole('link', { name: '查看资源详情' })).getAttribute('href')).toBe(
      `/resource/details/${RESOURCE_ID}`,
    );
    await policyUser().click(buttonNamed('立即上线'));
    expect((await screen.findByRole('alert')).textContent).toContain('未能上线：资源没有启用的策略');
    expect(JSON.parse(nth(requestsTo(server, 'PUT', `/v2/resources/${RESOURCE_ID}`), 0).body)).toEqual({
      resourceId: RESOURCE_ID,
      status: 1,
    });
  });
});
