import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { envelope, type TestServer } from '../../test-support/test-server';
import { policyUser } from '../policy/policy-test-kit';
import { ALICE, openPage, requestsTo, resourceWire, nth } from '../resources/resources-test-kit';
import { FILE_SHA1, RESOURCE_ID, buttonNamed, startCreatorServer } from './creator-test-kit';

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
  latestVersionInfo: { version: '1.2.3', versionId: 'v3', description: '上一版的说明', customPropertyDescriptors: [{ key: 'mood', defaultValue: '静', type: 'editableText' }] },
});
const draftPath = `/v2/resources/${RESOURCE_ID}/versions/drafts`;

describe('the version creator', { timeout: 20_000 }, () => {
  it('prefills the next patch version and the previous description, saves a draft, and publishes', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(resource) });
    server.route(draftPath, (request) => ({ body: envelope(request.method === 'POST' ? { resourceId: RESOURCE_ID } : null) }));
    server.route(`/v2/resources/${RESOURCE_ID}/versions`, { body: envelope({ version: '1.2.4', versionId: 'v4' }) });
    const { router } = openPage(server, `/resource/versionCreator/${RESOURCE_ID}`);
    const versionInput = (await screen.findByLabelText('版本号')) as HTMLInputElement;
    expect(versionInput.value).toBe('1.2.4');
    expect((screen.getByLabelText('版本描述') as HTMLTextAreaElement).value).toBe('上一版的说明');
    expect(screen.getByRole('list', { name: '沿用上一版本的自定义属性' }).textContent).toBe('mood: 静');

    const user = policyUser();
    await user.type(screen.getByLabelText('或输入存储空间中对象的 SHA-1'), FILE_SHA1);
    expect(await screen.findByText(/^草稿已于 \d\d:\d\d 保存$/, {}, { timeout: 5000 })).toBeTruthy();
    expect(JSON.parse(nth(requestsTo(server, 'POST', draftPath), 0).body)).toEqual({
      resourceId: RESOURCE_ID,
      draftData: { version: '1.2.4', description: '上一版的说明', fileSha1: FILE_SHA1, filename: FILE_SHA1 },
    });

    await user.click(buttonNamed('发布版本'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/result/resource/version/create/success/${RESOURCE_ID}/1.2.4`));
    expect(JSON.parse(nth(requestsTo(server, 'POST', `/v2/resources/${RESOURCE_ID}/versions`), 0).body)).toMatchObject({
      version: '1.2.4',
      fileSha1: FILE_SHA1,
      customPropertyDescriptors: [{ key: 'mood', defaultValue: '静', type: 'editableText' }],
    });
  });

  it("takes the file of a storage object, and refuses a file another user's resource uses", async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(resource) });
    server.route(draftPath, { body: envelope(null) });
    openPage(server, `/resource/versionCreator/${RESOURCE_ID}`);
    const user = policyUser();
    await user.click(await screen.findByRole('combobox', { name: '存储空间' }));
    await user.click(await screen.findByTitle('photos'));
    await waitFor(() => expect(requestsTo(server, 'GET', '/v2/storages/buckets/photos/objects')).toHaveLength(1));
    await user.click(screen.getByRole('combobox', { name: '选择对象' }));
    await user.click(await screen.findByTitle('fog.png'));
    expect((await screen.findByTestId('chosen-file')).textContent).toBe(`文件：fog.png（${FILE_SHA1}）`);

    server.route('/v2/resources/versions/isCanBeCreate', { body: envelope(false) });
    await user.type(screen.getByLabelText('或输入存储空间中对象的 SHA-1'), 'e'.repeat(40));
    expect((await screen.findByRole('alert')).textContent).toContain('该文件已被其他用户的资源使用');
    expect(screen.queryByTestId('chosen-file')).toBeNull();
  });

  it('restores a saved draft', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(resource) });
    server.route(draftPath, { body: envelope({ resourceId: RESOURCE_ID, draftData: { version: '2.0.0', description: '草稿里的说明' } }) });
    openPage(server, `/resource/versionCreator/${RESOURCE_ID}`);
    expect(((await screen.findByLabelText('版本号')) as HTMLInputElement).value).toBe('2.0.0');
    expect((screen.getByLabelText('版本描述') as HTMLTextAreaElement).value).toBe('草稿里的说明');
  });
});

describe('the create-success page', { timeout: 20_000 }, () => {
  it("links to the details and shows the server's reason when it refuses to put the resource online", async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(null, { errCode: 2, msg: '资源没有启用的策略' }) });
    openPage(server, `/result/resource/create/success/${RESOURCE_ID}`);
    expect((await screen.findByRole('link', { name: '查看资源详情' })).getAttribute('href')).toBe(`/resource/details/${RESOURCE_ID}`);
    await policyUser().click(buttonNamed('立即上线'));
    expect((await screen.findByRole('alert')).textContent).toContain('未能上线：资源没有启用的策略');
    expect(JSON.parse(nth(requestsTo(server, 'PUT', `/v2/resources/${RESOURCE_ID}`), 0).body)).toEqual({ resourceId: RESOURCE_ID, status: 1 });
  });
});
