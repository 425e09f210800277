import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { envelope, type TestServer } from '../../test-support/test-server';
import { buttonName, policyUser, replaceCode, waitForCode } from '../policy/policy-test-kit';
import { FREE_POLICY_TEXT, openPage, requestsTo, nth } from '../resources/resources-test-kit';
import { FILE_SHA1, RESOURCE_ID, buttonNamed, startCreatorServer, writesTo } from './creator-test-kit';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

async function chooseTypeAndName(user: ReturnType<typeof policyUser>, name: string) {
  await user.click(await screen.findByRole('combobox', { name: '资源类型' }));
  await user.click(await screen.findByTitle('插画'));
  await user.type(screen.getByLabelText('资源名称'), name);
}

describe('the resource creator', { timeout: 30_000 }, () => {
  it('creates the resource with its policy, uploads the file, then the version, and shows the result', async () => {
    server = await startCreatorServer();
    server.route('/v2/resources', { body: envelope({ resourceId: RESOURCE_ID, resourceName: 'alice/晨雾' }) });
    server.route(`/v2/resources/${RESOURCE_ID}/versions`, { body: envelope({ version: '1.0.0', versionId: 'v1' }) });
    server.route('/v2/storages/files/uploadImage', { body: envelope({ url: '/static/covers/fog.png' }) });
    const { router } = openPage(server, '/resource/creator');
    const user = policyUser();
    await chooseTypeAndName(user, '晨雾');
    expect(screen.getByText('alice/')).toBeTruthy();
    await user.click(buttonNamed('下一步'));

    await user.upload(screen.getByLabelText('本地文件'), new File(['hello'], 'fog.png', { type: 'image/png' }));
    expect(await screen.findByTestId('chosen-file')).toBeTruthy();
    expect((screen.getByLabelText('版本号') as HTMLInputElement).value).toBe('1.0.0');
    await user.click(buttonNamed('下一步'));

    await user.click(buttonNamed('添加策略'));
    await user.type(await screen.findByLabelText('策略名称'), '免费');
    await user.click(await screen.findByRole('button', { name: buttonName('代码') }));
    await waitForCode();
    replaceCode(FREE_POLICY_TEXT);
    await user.click(screen.getByRole('button', { name: buttonName('保存') }));
    expect((await screen.findByTestId('added-policy')).textContent).toContain('免费');
    await user.click(buttonNamed('下一步'));

    await user.type(screen.getByLabelText('资源标题'), '晨雾标题');
    await user.click(screen.getByRole('combobox', { name: '标签（最多 20 个）' }));
    await user.click(await screen.findByTitle('风景'));
    await user.upload(screen.getByLabelText('封面图片'), new File(['png'], 'cover.png', { type: 'image/png' }));
    expect((await screen.findByRole('img', { name: '封面预览' })).getAttribute('src')).toBe('/static/covers/fog.png');
    await user.click(buttonNamed('发布'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/result/resource/create/success/${RESOURCE_ID}`));

    expect(nth(requestsTo(server, 'GET', '/v2/resources/tags/availableTags'), 0).query.get('resourceTypeCode')).toBe('image-illustration');
    expect(writesTo(server)).toEqual([
      'GET /v2/storages/files/fileIsExist',
      'POST /v2/storages/files/upload',
      'GET /v2/storages/files/list/info',
      'GET /v2/resources/versions/isCanBeCreate',
      'POST /v2/storages/files/uploadImage',
      'POST /v2/resources',
      `POST /v2/resources/${RESOURCE_ID}/versions`,
    ]);
    expect(JSON.parse(nth(requestsTo(server, 'POST', '/v2/resources'), 0).body)).toMatchObject({
      name: '晨雾',
      resourceTypeCode: 'image-illustration',
      resourceTitle: '晨雾标题',
      tags: ['风景'],
      coverImages: ['/static/covers/fog.png'],
      policies: [{ policyName: '免费', policyText: encodeURIComponent(FREE_POLICY_TEXT) }],
    });
    expect(JSON.parse(nth(requestsTo(server, 'POST', `/v2/resources/${RESOURCE_ID}/versions`), 0).body)).toMatchObject({
      version: '1.0.0',
      fileSha1: FILE_SHA1,
      filename: 'fog.png',
    });
    expect(await screen.findByRole('link', { name: '查看资源详情' })).toBeTruthy();
  });

  it("shows the server's refusal of the name", async () => {
    server = await startCreatorServer();
    server.route('/v2/resources', { body: envelope(null, { errCode: 2, msg: '资源名称已存在' }) });
    openPage(server, '/resource/creator');
    const user = policyUser();
    await chooseTypeAndName(user, '晨雾');
    await user.click(buttonNamed('下一步'));
    await user.type(screen.getByLabelText('或输入存储空间中对象的 SHA-1'), FILE_SHA1);
    await screen.findByTestId('chosen-file');
    await user.click(buttonNamed('下一步'));
    await user.click(buttonNamed('下一步'));
    await user.click(buttonNamed('发布'));
    expect((await screen.findByTestId('creator-error')).textContent).toContain('资源名称已存在');
    expect((screen.getByLabelText('资源名称') as HTMLInputElement).value).toBe('晨雾');
  });
});
