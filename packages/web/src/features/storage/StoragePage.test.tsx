import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { formatDisplayDate } from '@tessera/domain';
import { createTestServices, renderApp } from '../../testing/render-app';
import type { TestServer } from '../../testing/test-server';
import { messageOf } from '../account/testing';
import {
  findDialog,
  findLink,
  GiB,
  named,
  person,
  openStorage,
  queryDialog,
  rawStorageKeys,
  requestsTo,
  rowOf,
  startStorageServer,
  storageObject,
  type FakeStorage,
} from './testing';

let server: TestServer;
let storage: FakeStorage;
afterEach(async () => {
  await server.close();
});

async function start(options: Parameters<typeof startStorageServer>[0] = {}) {
  ({ server, storage } = await startStorageServer(options));
}

const bucketList = () => within(screen.getByTestId('bucket-list'));
const currentBucket = () =>
  bucketList()
    .getAllByTestId('bucket-link')
    .find((link) => link.getAttribute('aria-current') === 'page');

describe('the storage page', { timeout: 20_000 }, () => {
  it('sends a visitor to the login page with the way back', async () => {
    await start();
    const { router } = renderApp('/storage?bucketName=photos', createTestServices(server));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const goTo = new URLSearchParams(router.state.location.search).get('goTo');
    expect(decodeURIComponent(goTo ?? '')).toBe(`${window.location.origin}/storage?bucketName=photos`);
  });

  it('lists the buckets, opens the first one and shows the used space against the quota', async () => {
    await start({
      storageLimit: 5 * GiB,
      buckets: { photos: [storageObject('photos', 'cover.png', { fileSize: 3 * GiB })], docs: [] },
    });
    const { router } = await openStorage(server);

    await waitFor(() => expect(router.state.location.search).toBe('?bucketName=docs'));
    await screen.findByTestId('objects-empty');
    const links = bucketList().getAllByTestId('bucket-link');
    expect(links.map((link) => link.textContent)).toEqual(['docs0 个对象 · 0.00 B', 'photos1 个对象 · 3.00 GB']);
    expect(currentBucket()).toBe(links[0]);
    expect(screen.getByTestId('bucket-list').getAttribute('aria-labelledby')).toBe(
      screen.getByText('存储桶', { selector: 'h2' }).id,
    );
    expect(requestsTo(server, 'GET', '/v2/storages/buckets')[0]?.query.get('bucketType')).toBe('1');

    const quota = screen.getByTestId('storage-quota');
    expect(within(quota).getByText('已用 3.00 GB，共 5 GB')).toBeTruthy();
    const bar = quota.querySelector('[role="progressbar"]');
    expect([bar?.getAttribute('aria-label'), bar?.getAttribute('aria-valuenow')]).toEqual([
      '已用空间占总容量的比例',
      '60',
    ]);
    expect(rawStorageKeys(document.body.textContent)).toEqual([]);

    await person().click(links[1] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?bucketName=photos'));
    expect(await findLink('cover.png')).toBeTruthy();
    expect(currentBucket()?.textContent).toContain('photos');
  });

  it('warns when the quota is nearly used up', async () => {
    await start({
      storageLimit: GiB,
      buckets: { photos: [storageObject('photos', 'big.mov', { fileSize: 0.95 * GiB })] },
    });
    await openStorage(server, '/storage?bucketName=photos');
    expect(await screen.findByText('空间即将用完，仅剩 51.20 MB。删除不需要的对象可以释放空间。')).toBeTruthy();
  });

  it('invites to create a first bucket when there is none', async () => {
    await start();
    await openStorage(server);
    const empty = await screen.findByTestId('storage-no-buckets');
    expect(within(empty).getByText('先创建一个存储桶', { selector: 'h2' })).toBeTruthy();
    await person().click(within(empty).getByText('新建存储桶'));
    expect(await findDialog('新建存储桶')).toBeTruthy();
  });

  it(
    'creates a bucket: checks the name while typing, shows the server refusal, then opens the new bucket',
    { timeout: 40_000 },
    async () => {
      await start({ buckets: { photos: [] } });
      const { router } = await openStorage(server, '/storage?createBucket=1');
      const dialog = await findDialog('新建存储桶');
      // No bucket is chosen in the address behind the open dialog (the one it creates is shown when it
      // closes); the first one is shown meanwhile, never a "not found" page.
      expect(router.state.location.search).toBe('?createBucket=1');
      await waitFor(() => expect(currentBucket()?.textContent).toContain('photos'));
      expect(screen.queryByTestId('bucket-not-found')).toBeNull();
      const input = within(dialog).getByLabelText('存储桶名称');
      const create = within(dialog).getByRole('button', { name: named('创建') });
      const user = person();

      await user.type(input, 'my_');
      // Under the field, and read out by the form's live region.
      await waitFor(() =>
        expect(
          within(dialog).getAllByText('名称只能使用小写字母、数字和短横线，且以字母或数字开头和结尾，最多 63 个字符'),
        ).toHaveLength(2),
      );
      await user.click(create);
      expect(requestsTo(server, 'POST', '/v2/storages/buckets')).toHaveLength(0);

      await user.clear(input);
      await user.paste('taken');
      await user.click(create);
      await waitFor(() => expect(within(dialog).getByTestId('form-error').textContent).toBe('存储桶名称已被占用'));

      // The next attempt clears that banner; a refusal naming the field shows under the field alone.
      await user.clear(input);
      await user.paste('reserved');
      await user.click(create);
      await waitFor(() => expect(messageOf('存储桶名称')).toContain('该名称为系统保留'));
      expect(within(dialog).getByTestId('form-error').textContent).toBe('');

      await user.clear(input);
      await user.paste('my-assets');
      await user.click(create);
      await waitFor(() => expect(router.state.location.search).toBe('?bucketName=my-assets'));
      await waitFor(() => expect(queryDialog('新建存储桶')).toBeUndefined());
      await waitFor(() => expect(currentBucket()?.textContent).toContain('my-assets'));
    },
  );

  it('allows five buckets and says why the sixth cannot be created', async () => {
    await start({ buckets: { a1: [], a2: [], a3: [], a4: [], a5: [] } });
    await openStorage(server, '/storage?bucketName=a1');
    const create = (await screen.findByText('新建存储桶', { selector: 'button *' })).closest(
      'button',
    ) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    const reason = document.getElementById(create.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('每位用户最多创建 5 个存储桶。删除一个不再使用的存储桶后即可新建。');
  });

  it('deletes an empty bucket after confirmation and shows the next one', async () => {
    await start({ buckets: { alpha: [], beta: [] } });
    const { router } = await openStorage(server, '/storage?bucketName=alpha');
    const user = person();
    await user.click(await screen.findByLabelText('删除存储桶 alpha'));
    const dialog = await findDialog('删除存储桶“alpha”？');
    await user.click(within(dialog).getByRole('button', { name: named('删除') }));

    await waitFor(() => expect(router.state.location.search).toBe('?bucketName=beta'));
    const [deletion] = requestsTo(server, 'DELETE', '/v2/storages/buckets/alpha');
    expect(deletion?.query.get('force')).toBeNull();
    await waitFor(() =>
      expect(
        bucketList()
          .getAllByTestId('bucket-link')
          .map((link) => link.textContent),
      ).toEqual(['beta0 个对象 · 0.00 B']),
    );
  });

  it('explains that a bucket with objects takes them along and deletes it with force after a second confirmation', async () => {
    await start({ buckets: { alpha: [storageObject('alpha', 'a.png'), storageObject('alpha', 'b.png')], beta: [] } });
    await openStorage(server, '/storage?bucketName=beta');
    const user = person();
    await user.click(await screen.findByLabelText('删除存储桶 alpha'));
    const dialog = await findDialog('删除存储桶“alpha”？');
    await user.click(within(dialog).getByRole('button', { name: named('删除') }));

    expect((await within(dialog).findByTestId('delete-bucket-objects')).textContent).toBe(
      '存储桶“alpha”中还有 2 个对象（共 4.00 KB）。继续删除会同时删除这 2 个对象，且不能恢复。',
    );
    expect(storage.buckets.has('alpha')).toBe(true);
    // The button takes its new text once its loading icon has gone.
    await user.click(await within(dialog).findByRole('button', { name: '删除存储桶及 2 个对象' }));
    await waitFor(() => expect(storage.buckets.has('alpha')).toBe(false));
    const [first, second] = requestsTo(server, 'DELETE', '/v2/storages/buckets/alpha');
    expect([first?.query.get('force'), second?.query.get('force')]).toEqual([null, '1']);
    await waitFor(() => expect(queryDialog('删除存储桶“alpha”？')).toBeUndefined());
  });

  it('shows an unknown bucket as not found', async () => {
    await start({ buckets: { photos: [] } });
    await openStorage(server, '/storage?bucketName=nothing-here');
    const panel = await screen.findByTestId('bucket-not-found');
    expect(within(panel).getByText('找不到存储桶“nothing-here”', { selector: 'h2' })).toBeTruthy();
  });

  it('shows the buckets error with a retry', async () => {
    await start();
    // The first ask and its automatic retry (once, for a 5xx) both fail.
    let calls = 0;
    server.route('/v2/storages/buckets', (request) => {
      calls += 1;
      return calls <= 2 ? { status: 500 } : storage.answer(request);
    });
    await openStorage(server);
    const error = await screen.findByTestId('storage-error');
    expect(within(error).getByText('存储桶加载失败', { selector: 'h2' })).toBeTruthy();
    await person().click(within(error).getByRole('button', { name: named('重试') }));
    expect(await screen.findByTestId('storage-no-buckets')).toBeTruthy();
  });
});

describe('the object table', { timeout: 20_000 }, () => {
  const three = () => ({
    photos: [
      storageObject('photos', 'b-middle.png', { fileSize: 5000, updateDate: '2026-03-02T00:00:00.000Z' }),
      storageObject('photos', 'a-large.png', {
        fileSize: 9000,
        updateDate: '2026-03-01T00:00:00.000Z',
        resourceType: ['image'],
        resourceTypeCode: 'image',
      }),
      storageObject('photos', 'c-small.txt', { fileSize: 100, updateDate: '2026-03-03T00:00:00.000Z' }),
    ],
  });
  const rowNames = () => [...document.querySelectorAll('tbody tr a')].map((link) => link.textContent);
  const objectCalls = () => requestsTo(server, 'GET', '/v2/storages/buckets/photos/objects');
  const header = (title: string) => screen.getByText(title, { selector: 'th, th *' }).closest('th') as HTMLElement;

  async function openPhotos(language: 'zh_CN' | 'en_US' = 'zh_CN') {
    await start({ buckets: three() });
    await openStorage(server, '/storage?bucketName=photos', language);
    await findLink('a-large.png');
    // antd's table adds the columns shown from a width up (type, update time) once it has asked the
    // window's width, a render after its first; in the test's desktop window all five show.
    await waitFor(() => expect(rowOf('a-large.png').querySelectorAll('td')).toHaveLength(5));
  }

  it('shows name, type, size and update time, newest first, and sorts on the server', async () => {
    await openPhotos();
    expect(rowNames()).toEqual(['c-small.txt', 'b-middle.png', 'a-large.png']);
    expect(objectCalls()[0]?.query.get('sort')).toBe('updateDate:-1');
    const large = rowOf('a-large.png');
    // The time shows in local time, as formatDisplayDate writes it.
    expect([...large.querySelectorAll('td')].slice(1).map((cell) => cell.textContent)).toEqual([
      'a-large.pngimage/png',
      '图片',
      '8.79 KB',
      formatDisplayDate('2026-03-01T00:00:00.000Z', true),
    ]);

    const user = person();
    await user.click(header('大小'));
    await waitFor(() => expect(objectCalls().at(-1)?.query.get('sort')).toBe('fileSize:1'));
    await waitFor(() => expect(header('大小').getAttribute('aria-sort')).toBe('ascending'));
    await user.click(header('名称'));
    await waitFor(() => expect(objectCalls().at(-1)?.query.get('sort')).toBe('objectName:1'));
    await waitFor(() => expect(rowNames()).toEqual(['a-large.png', 'b-middle.png', 'c-small.txt']));
  });

  it('searches by name once typing pauses', async () => {
    await openPhotos();
    const before = objectCalls().length;
    const user = person();
    await user.type(screen.getByLabelText('按名称搜索对象'), 'png');
    await waitFor(() => expect(rowNames()).toEqual(['b-middle.png', 'a-large.png']));
    expect(
      objectCalls()
        .slice(before)
        .map((request) => request.query.get('keywords')),
    ).toEqual(['png']);

    await user.type(screen.getByLabelText('按名称搜索对象'), 'x');
    expect(await screen.findByText('没有名称包含“pngx”的对象')).toBeTruthy();
  });

  it('deletes the selected objects after confirmation', async () => {
    await openPhotos();
    const user = person();
    await user.click(screen.getByLabelText('选择 a-large.png'));
    await user.click(screen.getByLabelText('选择 c-small.txt'));
    await user.click(await screen.findByText('删除所选（2）'));
    const dialog = await findDialog('删除 2 个对象？');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['c-small.txt', 'a-large.png']);
    await user.click(within(dialog).getByRole('button', { name: named('删除') }));

    await waitFor(() => expect(rowNames()).toEqual(['b-middle.png']));
    const [deletion] = server.requests.filter((request) => request.method === 'DELETE');
    expect(deletion?.path.startsWith('/v2/storages/buckets/photos/objects/')).toBe(true);
    expect(decodeURIComponent(deletion?.path.split('/').at(-1) ?? '').split(',')).toHaveLength(2);
    expect(storage.objects('photos').map((object) => object.objectName)).toEqual(['b-middle.png']);
    await waitFor(() => expect(currentBucket()?.textContent).toContain('1 个对象'));
  });

  it('shows an error with a retry when the objects cannot be loaded', async () => {
    await start({ buckets: three() });
    // The first ask and its automatic retry (once, for a 5xx) both fail.
    let calls = 0;
    server.route('/v2/storages/buckets/photos/objects', (request) => {
      calls += 1;
      return calls <= 2 ? { status: 503 } : storage.answer(request);
    });
    await openStorage(server, '/storage?bucketName=photos');
    const error = await screen.findByTestId('objects-error');
    expect(within(error).getByText('对象列表加载失败', { selector: 'h2' })).toBeTruthy();
    expect(error.textContent).toContain('服务暂不可用，服务器可能过载或正在维护。');
    await person().click(within(error).getByRole('button', { name: named('重试') }));
    expect(await findLink('a-large.png')).toBeTruthy();
  });

  it('speaks English', async () => {
    await openPhotos('en_US');
    expect(screen.getByText('Buckets', { selector: 'h2' })).toBeTruthy();
    expect(header('Resource type')).toBeTruthy();
    expect(screen.getByLabelText('Upload files to bucket photos')).toBeTruthy();
    expect(screen.getByText('Several files at once; up to 200 MB each, videos up to 1 GB')).toBeTruthy();
    expect(rowOf('a-large.png').textContent).toContain('Image');
    expect(rawStorageKeys(document.body.textContent)).toEqual([]);
  });
});
