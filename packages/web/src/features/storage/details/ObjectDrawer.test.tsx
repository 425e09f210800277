import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ObjectWire } from '@tessera/contract/storage';
import type { TestServer } from '../../../testing/test-server';
import {
  findDialog,
  named,
  openStorage,
  person,
  rawStorageKeys,
  requestsTo,
  startStorageServer,
  storageObject,
  type FakeStorage,
} from '../testing';

let server: TestServer;
let storage: FakeStorage;
let cover: ObjectWire;
afterEach(async () => {
  await server.close();
});

/** Puts text into a field at once (typing key by key through antd forms is slow in jsdom). */
async function fill(user: ReturnType<typeof person>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const saveButton = (drawer: HTMLElement) =>
  within(drawer)
    .getByText(/^保\s?存$/)
    .closest('button') as HTMLElement;

async function openDetails(path?: (object: ObjectWire) => string, language: 'zh_CN' | 'en_US' = 'zh_CN') {
  cover = storageObject('photos', 'cover.png', {
    customPropertyDescriptors: [
      { key: 'mode', name: '模式', type: 'radio', defaultValue: 'day', candidateItems: ['day', 'night'], remark: '' },
    ],
  });
  ({ server, storage } = await startStorageServer({
    buckets: { photos: [cover, storageObject('photos', 'other.png')] },
  }));
  const view = await openStorage(
    server,
    path ? path(cover) : `/storage?bucketName=photos&objectID=${cover.objectId}`,
    language,
  );
  const drawer = await findDialog('cover.png');
  await within(drawer).findByText(language === 'zh_CN' ? '自定义属性' : 'Custom properties', { selector: 'h3' });
  return { ...view, drawer };
}

describe('the object details drawer', { timeout: 20_000 }, () => {
  it('opens from the address with the file facts, the download link and the current properties', async () => {
    const { drawer } = await openDetails();
    const facts = within(drawer);
    expect(facts.getByText('2.00 KB')).toBeTruthy();
    expect(facts.getByText('image/png')).toBeTruthy();
    expect(facts.getByText('640 × 480 像素')).toBeTruthy();
    expect(facts.getByText(cover.sha1)).toBeTruthy();
    expect(facts.getByLabelText('复制 SHA-1')).toBeTruthy();
    const download = facts.getByText(/^下\s?载$/).closest('a') as HTMLElement;
    expect(download.getAttribute('href')).toBe(`${server.origin}/v2/storages/objects/${cover.objectId}/file`);
    // A radio descriptor is read as a select: its candidates and default are there to edit.
    expect((facts.getByLabelText('键') as HTMLInputElement).value).toBe('mode');
    expect(facts.getByText('night')).toBeTruthy();
    expect(rawStorageKeys(document.body.textContent)).toEqual([]);
  });

  it('is opened by a click on a row and closed again, leaving the address as it was', async () => {
    cover = storageObject('photos', 'cover.png');
    ({ server, storage } = await startStorageServer({ buckets: { photos: [cover] } }));
    const { router } = await openStorage(server, '/storage?bucketName=photos');
    const user = person();
    await user.click(await screen.findByText('2.00 KB', { selector: 'td *' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?bucketName=photos&objectID=${cover.objectId}`));
    const drawer = await findDialog('cover.png');
    await user.click(within(drawer).getByLabelText('关闭对象详情'));
    await waitFor(() => expect(router.state.location.search).toBe('?bucketName=photos'));
  });

  it('saves the resource type, a new custom property and a dependency after the cycle check', async () => {
    const { drawer } = await openDetails();
    const user = person();
    const panel = within(drawer);

    await user.click(
      panel.getAllByLabelText('资源类型').find((element) => element.getAttribute('role') === 'combobox') as HTMLElement,
    );
    await user.click(await screen.findByTitle('图片'));
    await user.click(panel.getByText('添加属性'));
    const [, added] = panel.getAllByTestId('property-entry');
    const entry = within(added as HTMLElement);
    await fill(user, entry.getByLabelText('键'), 'author');
    await fill(user, entry.getByLabelText('名称'), '作者');
    await fill(user, entry.getByLabelText('默认值'), 'alice');
    await user.click(panel.getByText('添加依赖'));
    await fill(user, within(panel.getByTestId('dependency-entry')).getByLabelText('完整名称'), 'photos/other.png');
    await user.click(saveButton(drawer));

    await waitFor(() => expect(drawer.querySelector('[role="status"]')?.textContent).toBe('已保存'));
    const [check] = requestsTo(server, 'POST', `/v2/storages/objects/${cover.objectId}/cycleDependencyCheck`);
    expect(JSON.parse(check?.body ?? 'null')).toEqual({ dependencies: [{ type: 'object', name: 'photos/other.png' }] });
    const [update] = requestsTo(server, 'PUT', `/v2/storages/objects/${cover.objectId}`);
    expect(JSON.parse(update?.body ?? 'null')).toEqual({
      resourceTypeCode: 'image',
      customPropertyDescriptors: [
        {
          key: 'mode',
          name: '模式',
          type: 'select',
          defaultValue: 'day',
          candidateItems: ['day', 'night'],
          remark: '',
        },
        { key: 'author', name: '作者', type: 'editableText', defaultValue: 'alice', candidateItems: [], remark: '' },
      ],
      dependencies: [{ type: 'object', name: 'photos/other.png' }],
    });
    expect(storage.find(cover.objectId)?.resourceTypeCode).toBe('image');
  });

  it('does not save dependencies that would form a cycle', async () => {
    const { drawer } = await openDetails();
    storage.cycleWith = 'photos/other.png';
    const user = person();
    const panel = within(drawer);
    await user.click(panel.getByText('添加依赖'));
    await fill(user, within(panel.getByTestId('dependency-entry')).getByLabelText('完整名称'), 'photos/other.png');
    await user.click(saveButton(drawer));

    await waitFor(() =>
      expect(panel.getByTestId('form-error').textContent).toBe(
        '这些依赖会形成循环依赖（某个依赖直接或间接依赖了这个对象），请调整后再保存。',
      ),
    );
    expect(requestsTo(server, 'POST', `/v2/storages/objects/${cover.objectId}/cycleDependencyCheck`)).toHaveLength(1);
    expect(requestsTo(server, 'PUT', `/v2/storages/objects/${cover.objectId}`)).toHaveLength(0);
  });

  it('puts a refused field’s message under that field, and clears the banner at the next attempt', async () => {
    const { drawer } = await openDetails();
    storage.cycleWith = 'photos/other.png';
    const user = person();
    const panel = within(drawer);
    await user.click(panel.getByText('添加依赖'));
    const name = within(panel.getByTestId('dependency-entry')).getByLabelText('完整名称');
    await fill(user, name, 'photos/other.png');
    await user.click(saveButton(drawer));
    await waitFor(() => expect(panel.getByTestId('form-error').textContent).not.toBe(''));

    storage.cycleWith = null;
    storage.refusedFields = [{ field: 'dependencies.0.name', message: '该依赖不可用' }];
    await user.click(saveButton(drawer));
    const message = await panel.findByText('该依赖不可用');
    expect(message.closest('.ant-form-item')?.contains(name)).toBe(true);
    expect(panel.getByTestId('form-error').textContent).toBe('');
  });

  it('checks keys and dependency names in the form before asking the server', async () => {
    const { drawer } = await openDetails();
    const user = person();
    const panel = within(drawer);
    await user.click(panel.getByText('添加属性'));
    const [, added] = panel.getAllByTestId('property-entry');
    await fill(user, within(added as HTMLElement).getByLabelText('键'), 'mode');
    await user.click(panel.getByText('添加依赖'));
    await fill(user, within(panel.getByTestId('dependency-entry')).getByLabelText('完整名称'), 'not-a-full-name');
    await user.click(saveButton(drawer));

    // A key used twice is marked on both entries.
    await waitFor(() => expect(panel.getAllByText('键“mode”重复了')).toHaveLength(2));
    expect(await panel.findByText('存储对象的完整名称为“存储桶/对象名”，如 my-assets/cover.png')).toBeTruthy();
    expect(server.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('says so when the object in the address does not exist', async () => {
    ({ server, storage } = await startStorageServer({ buckets: { photos: [] } }));
    await openStorage(server, '/storage?bucketName=photos&objectID=6650a1c2e4b0f3d9ffffffff');
    const drawer = await findDialog('对象详情');
    expect(await within(drawer).findByText('对象不存在或已被删除', { selector: 'h2' })).toBeTruthy();
  });

  it('deletes the object after confirmation and closes', async () => {
    const { drawer, router } = await openDetails();
    const user = person();
    await user.click(within(drawer).getByText(/^删\s?除$/));
    const dialog = await findDialog('删除对象“cover.png”？');
    await user.click(within(dialog).getByRole('button', { name: named('删除') }));
    await waitFor(() => expect(router.state.location.search).toBe('?bucketName=photos'));
    expect(storage.objects('photos').map((object) => object.objectName)).toEqual(['other.png']);
    expect(requestsTo(server, 'DELETE', `/v2/storages/buckets/photos/objects/${cover.objectId}`)).toHaveLength(1);
  });

  it('speaks English', async () => {
    const { drawer } = await openDetails(undefined, 'en_US');
    const panel = within(drawer);
    expect(panel.getByText('640 × 480 px')).toBeTruthy();
    expect(panel.getByText('Dependencies', { selector: 'h3' })).toBeTruthy();
    expect(panel.getByText('Download').closest('a')?.getAttribute('href')).toBe(
      `${server.origin}/v2/storages/objects/${cover.objectId}/file`,
    );
    expect(rawStorageKeys(document.body.textContent)).toEqual([]);
  });
});
