import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TestServer } from '../../testing/test-server';
import { addPolicyAsCode, buttonNamed } from '../creator/testing';
import { buttonName, policyUser } from '../policy/testing';
import { FREE_POLICY_TEXT, openPage, requestsTo } from '../resources/testing';
import {
  batchRows,
  chooseType,
  nameInputs,
  phasesOfRows,
  png,
  sentBatch,
  sha1Of,
  startBatchServer,
  waitUntilReady,
} from './testing';

let server: TestServer;
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const PAGE = '/resource/creatorBatch';
const publishButton = () => buttonNamed('全部发布');

async function openWithThreeFiles(options: Parameters<typeof startBatchServer>[0] = {}) {
  server = await startBatchServer(options);
  const view = openPage(server, PAGE);
  const user = policyUser();
  await chooseType(user);
  await user.upload(screen.getByLabelText('选择文件'), [png('晨雾.png'), png('my photo.png'), png('海边.jpg')]);
  await waitUntilReady(3);
  return { ...view, user };
}

describe('the batch creator', { timeout: 30_000 }, () => {
  it('makes one row per picked file, with a generated name and title, and stores each file', async () => {
    await openWithThreeFiles({ taken: ['晨雾'] });
    expect(nameInputs().map((input) => input.value)).toEqual(['晨雾_1', 'my_photo', '海边']);
    expect(batchRows().map((row) => (within(row).getByLabelText(/^资源标题/) as HTMLInputElement).value)).toEqual([
      '晨雾',
      'my photo',
      '海边',
    ]);
    expect(batchRows()[0]?.textContent).toContain('就绪');
    expect(screen.getByRole('status').textContent).toBe('就绪 3 个，处理中 0 个，失败 0 个');
    expect(requestsTo(server, 'POST', '/v2/storages/files/upload')).toHaveLength(3);
    expect(requestsTo(server, 'GET', '/v2/resources/versions/isCanBeCreate')).toHaveLength(3);
    expect(requestsTo(server, 'GET', '/v2/resources/types/listSimpleByGroup')[0]?.query.get('supportCreateBatch')).toBe(
      '2',
    );
    expect(publishButton().hasAttribute('disabled')).toBe(false);
  });

  it('waits for a type before taking files, and offers only types that take batch creation', async () => {
    server = await startBatchServer();
    openPage(server, PAGE);
    const input = (await screen.findByLabelText('选择文件')) as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(screen.getByText('还没有选择文件')).toBeTruthy();
    expect(publishButton().hasAttribute('disabled')).toBe(true);
    await policyUser().click(screen.getByRole('combobox', { name: '资源类型' }));
    expect((await screen.findAllByTitle('JSON')).length).toBeGreaterThan(0);
    expect(screen.queryByTitle('插件')).toBeNull();
  });

  it('refuses more than 20 files with a message and keeps none of them', async () => {
    server = await startBatchServer();
    openPage(server, PAGE);
    const user = policyUser();
    await chooseType(user);
    await user.upload(
      screen.getByLabelText('选择文件'),
      Array.from({ length: 21 }, (_, index) => png(`图${index}.png`)),
    );
    expect((await screen.findByTestId('batch-pick-error')).textContent).toBe(
      '一批最多 20 个文件，这次选择了 21 个，还能再加 20 个，请少选一些',
    );
    expect(batchRows()).toHaveLength(0);
    expect(requestsTo(server, 'POST', '/v2/resources/generateResourceNames')).toHaveLength(0);
  });

  it('takes dropped files, counts one the type refuses as failed without uploading it, and publishes all without it', async () => {
    server = await startBatchServer();
    openPage(server, PAGE);
    const user = policyUser();
    await chooseType(user);
    fireEvent.drop(screen.getByTestId('batch-drop-zone'), {
      dataTransfer: { files: [png('晨雾.png'), new File(['x'], 'notes.txt')] },
    });
    await waitFor(() => expect(phasesOfRows()).toEqual(['ready', 'failed']), { timeout: 10_000 });
    expect(batchRows()[1]?.textContent).toContain('此类型不接受该文件格式（可用：png, jpg）');
    expect(requestsTo(server, 'POST', '/v2/storages/files/upload')).toHaveLength(1);
    // Failed, not "in progress" for ever; "publish all" goes on without it and says so.
    expect(screen.getByRole('status').textContent).toBe('就绪 1 个，处理中 0 个，失败 1 个');
    expect(publishButton().hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('batch-left-out').textContent).toBe('1 个失败的文件不会发布，其余文件照常发布');

    await user.click(publishButton());
    const result = await screen.findByTestId('batch-result');
    expect(within(result).getByRole('heading', { level: 1 }).textContent).toBe('已创建 1 个资源');
    // The result takes the form's place, its title focused for a screen reader.
    expect(document.activeElement).toBe(within(result).getByRole('heading', { level: 1 }));
    expect(screen.queryByLabelText('选择文件')).toBeNull();
    expect(within(result).getByRole('heading', { level: 2, name: '接下来' })).toBeTruthy();
    expect(within(result).getByRole('link', { name: '前往我的资源' }).getAttribute('href')).toBe('/resource/list');
    expect(sentBatch(server).createResourceObjects.map((item) => item.filename)).toEqual(['晨雾.png']);
    const leftOut = within(result).getByTestId('batch-left-out-list');
    expect(within(result).getByRole('heading', { level: 2, name: '1 个文件未发布' })).toBeTruthy();
    expect(leftOut.textContent).toContain('notes.txt');
    expect(leftOut.textContent).toContain('此类型不接受该文件格式（可用：png, jpg）');
  });

  it('publishes the others when a file cannot be stored, and names it in the result', async () => {
    server = await startBatchServer();
    server.route('/v2/storages/files/upload', (request) => {
      const filename = /filename="([^"]+)"/.exec(request.body)?.[1] ?? '';
      return filename === 'my photo.png'
        ? { body: { ret: 0, errCode: 1, msg: '存储服务暂时不可用', data: null } }
        : { body: { ret: 0, errCode: 0, msg: 'success', data: { sha1: sha1Of(filename), fileSize: 5 } } };
    });
    openPage(server, PAGE);
    const user = policyUser();
    await chooseType(user);
    await user.upload(screen.getByLabelText('选择文件'), [png('晨雾.png'), png('my photo.png'), png('海边.jpg')]);
    await waitFor(() => expect(phasesOfRows()).toEqual(['ready', 'failed', 'ready']), { timeout: 10_000 });
    expect(screen.getByRole('status').textContent).toBe('就绪 2 个，处理中 0 个，失败 1 个');
    expect(publishButton().hasAttribute('disabled')).toBe(false);

    await user.click(publishButton());
    const result = await screen.findByTestId('batch-result');
    expect(sentBatch(server).createResourceObjects.map((item) => item.name)).toEqual(['晨雾', '海边']);
    expect(within(result).getByRole('heading', { level: 1 }).textContent).toBe('已创建 2 个资源');
    expect(within(result).getByTestId('batch-left-out-list').textContent).toContain('my photo.png');
  });

  it('says what to do when every file failed', async () => {
    server = await startBatchServer();
    openPage(server, PAGE);
    await chooseType(policyUser());
    fireEvent.drop(screen.getByTestId('batch-drop-zone'), { dataTransfer: { files: [new File(['x'], 'notes.txt')] } });
    await waitFor(() => expect(phasesOfRows()).toEqual(['failed']));
    expect(publishButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('本批文件都未能处理：请移除失败的文件，或添加其他文件')).toBeTruthy();
    expect(screen.queryByTestId('batch-result')).toBeNull();
  });

  it('blocks publishing while a name breaks the rule or repeats another row', async () => {
    const { user } = await openWithThreeFiles();
    const [first, second] = nameInputs();
    await user.clear(first as HTMLInputElement);
    await user.type(first as HTMLInputElement, 'bad name');
    expect(first?.getAttribute('aria-invalid')).toBe('true');
    expect(batchRows()[0]?.textContent).toContain('资源名称需为 1–60 个字符');
    expect(publishButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('请先处理标红的内容（可移除失败的文件）')).toBeTruthy();

    await user.clear(first as HTMLInputElement);
    await user.type(first as HTMLInputElement, 'MY_PHOTO');
    expect(batchRows()[0]?.textContent).toContain('本批中已有同名资源');
    expect(second?.getAttribute('aria-invalid')).toBe('true');
    expect(publishButton().hasAttribute('disabled')).toBe(true);

    await user.clear(first as HTMLInputElement);
    await user.type(first as HTMLInputElement, 'good');
    expect(publishButton().hasAttribute('disabled')).toBe(false);
  });

  it('removes a row after asking', async () => {
    const { user } = await openWithThreeFiles();
    await user.click(screen.getByRole('button', { name: '移除 my photo.png' }));
    await user.click(await screen.findByRole('button', { name: buttonName('移除') }));
    await waitFor(() => expect(batchRows()).toHaveLength(2));
    expect(nameInputs().map((input) => input.value)).toEqual(['晨雾', '海边']);
  });

  it('publishes every file with the policy and tags applied to all, then links to the new resources', async () => {
    const { user, router } = await openWithThreeFiles();
    await addPolicyAsCode(user, '免费');
    expect((await screen.findByTestId('added-policy')).textContent).toContain('免费');
    await user.click(screen.getByRole('combobox', { name: '标签（最多 20 个）' }));
    await user.click(await screen.findByTitle('风景'));
    await user.type(screen.getByLabelText('资源标题（海边.jpg）'), '的日落');

    await user.click(publishButton());
    const result = await screen.findByTestId('batch-result');
    expect(within(result).getByRole('heading', { level: 1 }).textContent).toBe('已创建 3 个资源');

    const sent = sentBatch(server);
    expect(sent.resourceTypeCode).toBe('image-illustration');
    expect(sent.createResourceObjects).toEqual(
      [
        ['晨雾', '晨雾', '晨雾.png'],
        ['my_photo', 'my photo', 'my photo.png'],
        ['海边', '海边的日落', '海边.jpg'],
      ].map(([name, title, filename]) => ({
        name,
        resourceTitle: title,
        policies: [{ policyName: '免费', policyText: encodeURIComponent(FREE_POLICY_TEXT) }],
        tags: ['风景'],
        version: '1.0.0',
        fileSha1: sha1Of(filename as string),
        filename,
      })),
    );
    const links = within(within(result).getByRole('list', { name: '已创建的资源' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['晨雾', 'my photo', '海边的日落']);
    expect(links[0]?.getAttribute('href')).toMatch(/^\/resource\/details\/[0-9a-f]{24}$/);
    expect(within(result).getByRole('link', { name: '前往我的资源' }).getAttribute('href')).toBe('/resource/list');
    await user.click(buttonNamed('再创建一批'));
    expect(await screen.findByText('还没有选择文件')).toBeTruthy();
    expect((screen.getByLabelText('选择文件') as HTMLInputElement).disabled).toBe(false);
    // Nothing is left unsaved: leaving does not ask.
    const confirm = vi.spyOn(window, 'confirm');
    await act(() => router.navigate('/home'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it("shows the server's refusals on their rows, keeps the rows, and sends only those rows again", async () => {
    const { user } = await openWithThreeFiles();
    // Someone (another tab) takes the name after it was generated.
    // …and the first version of 海边 is refused once (its file was still being analysed).
    let calls = 0;
    server.route('/v2/resources/createBatch', (request) => {
      calls += 1;
      const items = (JSON.parse(request.body) as { createResourceObjects: { name: string }[] }).createResourceObjects;
      return {
        body: {
          ret: 0,
          errCode: 0,
          msg: 'success',
          data: items.map((item, index) =>
            item.name === 'my_photo'
              ? {
                  index,
                  name: item.name,
                  errCode: 2,
                  msg: 'the resource name alice/my_photo is already taken',
                  data: null,
                  resource: null,
                  version: null,
                }
              : item.name === '海边' && calls === 1
                ? {
                    index,
                    name: item.name,
                    errCode: 2,
                    msg: 'the file is not analysed yet',
                    data: null,
                    resource: null,
                    version: { errCode: 2, msg: 'the file is not analysed yet', data: null },
                  }
                : {
                    index,
                    name: item.name,
                    errCode: 0,
                    msg: 'success',
                    data: null,
                    resource: {
                      resourceId: `6650a1c2e4b0f3d90000000${index}`,
                      resourceName: `alice/${item.name}`,
                      resourceTitle: item.name,
                    },
                    version: { errCode: 0, msg: 'success', data: null },
                  },
          ),
        },
      };
    });
    await user.click(publishButton());
    expect((await screen.findByTestId('batch-publish-error')).textContent).toBe(
      '已创建 1 个资源，2 个未能创建：请按各行的提示修改后再次发布',
    );
    expect(phasesOfRows()).toEqual(['created', 'refused', 'refused']);
    const [created, refused, versionRefused] = batchRows();
    expect(
      within(created as HTMLElement)
        .getByRole('link', { name: 'alice/晨雾' })
        .getAttribute('href'),
    ).toBe('/resource/details/6650a1c2e4b0f3d900000000');
    const refusedName = within(refused as HTMLElement).getByLabelText('资源名称（my photo.png）') as HTMLInputElement;
    expect(refusedName.value).toBe('my_photo');
    expect(refusedName.getAttribute('aria-invalid')).toBe('true');
    expect(refused?.textContent).toContain('the resource name alice/my_photo is already taken');
    // A refused version is not the name's fault: that row may be sent again as it is.
    expect(versionRefused?.textContent).toContain('the file is not analysed yet');
    expect(
      within(versionRefused as HTMLElement)
        .getByLabelText('资源名称（海边.jpg）')
        .getAttribute('aria-invalid'),
    ).not.toBe('true');

    expect(publishButton().hasAttribute('disabled')).toBe(true);
    await user.type(refusedName, '_2');
    expect(publishButton().hasAttribute('disabled')).toBe(false);
    await user.click(publishButton());
    expect(await screen.findByTestId('batch-result')).toBeTruthy();
    expect(sentBatch(server, 1).createResourceObjects.map((item) => item.name)).toEqual(['my_photo_2', '海边']);
  });

  it('keeps the rows and says why when the whole call fails', async () => {
    const { user } = await openWithThreeFiles();
    server.route('/v2/resources/createBatch', {
      body: {
        ret: 0,
        errCode: 4,
        msg: '参数错误',
        data: [{ field: 'resourceTypeCode', code: 'unknown', message: '没有这个类型' }],
      },
    });
    await user.click(publishButton());
    expect((await screen.findByTestId('batch-publish-error')).textContent).toContain('发布失败：参数错误');
    expect(phasesOfRows()).toEqual(['ready', 'ready', 'ready']);
    expect(publishButton().hasAttribute('disabled')).toBe(false);
  });

  it('asks before leaving with files that are not published', async () => {
    const { router } = await openWithThreeFiles();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await act(() => router.navigate('/home'));
    expect(confirm).toHaveBeenCalledWith('已选择的文件尚未发布，确定离开吗？');
    expect(router.state.location.pathname).toBe(PAGE);
  });

  it('speaks English without leaking keys', async () => {
    server = await startBatchServer();
    openPage(server, PAGE, 'en_US');
    const user = policyUser();
    await chooseType(user, 'Resource type', 'Illustration');
    await user.upload(screen.getByLabelText('Choose files'), [png('fog.png'), png('sea.png'), png('dawn.png')]);
    await waitUntilReady(3);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create resources in bulk');
    expect(screen.getByLabelText('Resource name (sea.png)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish all' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('3 ready, 0 in progress, 0 failed');
    expect(document.body.textContent).not.toMatch(/creatorBatch\.[a-z]/);
  });
});
