import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FILE_ANALYSIS_POLL_MS } from '@tessera/domain';
import { envelope, gate, type TestServer } from '../../../testing/test-server';
import {
  findDialog,
  findLink,
  multipartFile,
  named,
  person,
  openStorage,
  queryDialog,
  rawStorageKeys,
  requestsTo,
  sha1Of,
  startStorageServer,
  storageObject,
  type FakeStorage,
} from '../testing';

const UPLOAD = '/v2/storages/files/upload';
const EXISTS = '/v2/storages/files/fileIsExist';
const INFO = '/v2/storages/files/list/info';
const OBJECTS = '/v2/storages/buckets/photos/objects';

let server: TestServer;
let storage: FakeStorage;
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

async function open(buckets: Record<string, ReturnType<typeof storageObject>[]> = { photos: [] }) {
  ({ server, storage } = await startStorageServer({ buckets }));
  await openStorage(server, '/storage?bucketName=photos');
  const [first] = buckets.photos ?? [];
  if (first) await findLink(first.objectName);
  else await screen.findByTestId('objects-empty');
}

const text = (name: string, content: string, type = 'text/plain') => new File([content], name, { type });
const choose = (...files: File[]) => person().upload(screen.getByTestId('upload-input'), files);
const taskOf = (name: string) =>
  screen.getAllByTestId('upload-task').find((task) => within(task).queryByText(name)) as HTMLElement;
const statusOf = (name: string) => taskOf(name)?.querySelector('[class*="status"]')?.textContent;

/**
 * Holds the upload answer back until the test opens the gate. `cutOff`: the bytes never arrive
 * whole (the client gave up), so nothing is stored, as on the real server.
 */
function holdUploads({ cutOff = false } = {}) {
  const held = gate();
  server.route(UPLOAD, (request) => ({
    ...(cutOff ? { body: envelope(null, { errCode: 1, msg: 'aborted' }) } : storage.answer(request)),
    after: held.promise,
  }));
  return held;
}

describe('uploading files', { timeout: 20_000 }, () => {
  it(
    'asks before replacing objects of the same name; "apply to all" answers the rest',
    { timeout: 40_000 },
    async () => {
      await open({
        photos: ['a.txt', 'b.txt', 'c.txt'].map((name) =>
          storageObject('photos', name, { resourceTypeCode: 'json', resourceType: ['json'] }),
        ),
      });
      await choose(text('a.txt', 'new a'), text('b.txt', 'new b'), text('c.txt', 'new c'));
      const user = person();

      // Two files are handled at once, so either a.txt or b.txt may be asked about first; the question
      // shown never changes under the person's hand. Three files are hashed and looked up first: on a
      // loaded machine that takes seconds, so wait for the question itself.
      const asked = { timeout: 15_000 };
      const question = /已有名为“([abc])\.txt”的对象/;
      /** The open question about a name other than `answered`, and its dialog. */
      const questionBesides = (answered?: string) => {
        const text = screen.queryAllByText(question).find((element) => nameIn(element) !== answered);
        if (!text) throw new Error('no question yet');
        return { name: nameIn(text), dialog: text.closest('[role="dialog"]') as HTMLElement };
      };
      const nameIn = (element: HTMLElement) => element.textContent?.match(question)?.[1] ?? '';
      const first = await waitFor(() => questionBesides(), asked);
      expect(first.dialog).toBe(await findDialog('替换同名对象？'));
      await user.click(within(first.dialog).getByRole('button', { name: named('替换') }));
      await waitFor(() => expect(statusOf(`${first.name}.txt`)).toBe('已完成'));

      // The next question may come in another dialog while the first one is still closing.
      const second = await waitFor(() => questionBesides(first.name), asked);
      await user.click(within(second.dialog).getByRole('checkbox'));
      await user.click(within(second.dialog).getByRole('button', { name: '保留原对象' }));

      const kept = ['a', 'b', 'c'].filter((name) => name !== first.name);
      await waitFor(() =>
        expect(kept.map((name) => statusOf(`${name}.txt`))).toEqual(kept.map(() => '已跳过，保留了原有的同名对象')),
      );
      expect(queryDialog('替换同名对象？')).toBeUndefined();
      expect(requestsTo(server, 'POST', OBJECTS).map((request) => JSON.parse(request.body).objectName)).toEqual([
        `${first.name}.txt`,
      ]);
      const replaced = storage.objects('photos').find((object) => object.objectName === `${first.name}.txt`);
      expect([replaced?.sha1, replaced?.resourceTypeCode]).toEqual([sha1Of(`new ${first.name}`), 'json']);
    },
  );

  it('hashes, asks whether the file is stored, uploads with progress, polls the analysis every 500 ms and creates the object', async () => {
    await open();
    storage.analysisOfUploads = [1, 2];
    const held = holdUploads();
    await choose(text('notes.txt', 'hello tessera'));

    await waitFor(() => expect(statusOf('notes.txt')).toBe('正在上传 100%'));
    const progress = taskOf('notes.txt').querySelector('[role="progressbar"]');
    expect([progress?.getAttribute('aria-valuenow'), progress?.getAttribute('aria-label')]).toEqual([
      '100',
      'notes.txt：正在上传 100%',
    ]);
    const sha1 = sha1Of('hello tessera');
    expect(requestsTo(server, 'GET', EXISTS).map((request) => request.query.get('sha1'))).toEqual([sha1]);
    held.open();

    await waitFor(() => expect(statusOf('notes.txt')).toBe('已完成'));
    const [upload] = requestsTo(server, 'POST', UPLOAD);
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.body).toContain('name="file"; filename="notes.txt"');
    expect(multipartFile(upload as NonNullable<typeof upload>)).toBe('hello tessera');

    const checks = requestsTo(server, 'GET', INFO);
    expect(checks.map((request) => request.query.get('sha1'))).toEqual([sha1, sha1]);
    const [create] = requestsTo(server, 'POST', OBJECTS);
    expect(JSON.parse(create?.body ?? 'null')).toEqual({ objectName: 'notes.txt', sha1 });
    expect(server.requests.findIndex((request) => request === create)).toBeGreaterThan(
      server.requests.findIndex((request) => request === checks[1]),
    );

    expect(await findLink('notes.txt')).toBeTruthy();
    expect(screen.getByTestId('upload-announcer').textContent).toBe('notes.txt：已完成');
    expect(rawStorageKeys(document.body.textContent)).toEqual([]);
  });

  it('waits 500 ms between two analysis checks', async () => {
    await open();
    storage.analysisOfUploads = [1, 2];
    const asked: number[] = [];
    server.route(INFO, (request) => {
      asked.push(performance.now());
      return storage.answer(request);
    });
    await choose(text('wait.txt', 'analysed later'));
    await waitFor(() => expect(statusOf('wait.txt')).toBe('已完成'));
    expect(asked).toHaveLength(2);
    expect((asked[1] ?? 0) - (asked[0] ?? 0)).toBeGreaterThanOrEqual(FILE_ANALYSIS_POLL_MS - 20);
  });

  it('skips the upload of a file the platform holds already', async () => {
    await open();
    storage.files.set(sha1Of('known bytes'), { fileSize: 11, statuses: [2] });
    await choose(text('known.txt', 'known bytes'));
    await waitFor(() => expect(statusOf('known.txt')).toBe('秒传完成：文件已存储过，无需再次上传'));
    expect(requestsTo(server, 'POST', UPLOAD)).toHaveLength(0);
    expect(JSON.parse(requestsTo(server, 'POST', OBJECTS)[0]?.body ?? 'null')).toEqual({
      objectName: 'known.txt',
      sha1: sha1Of('known bytes'),
    });
  });

  it('cancels an upload, creates nothing, and sends it again on retry', async () => {
    await open();
    const held = holdUploads({ cutOff: true });
    await choose(text('draft.txt', 'first draft'));
    await waitFor(() => expect(statusOf('draft.txt')).toMatch(/^正在上传/));
    const user = person();
    await user.click(screen.getByLabelText('取消上传 draft.txt'));
    await waitFor(() => expect(statusOf('draft.txt')).toBe('已取消'));
    held.open();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requestsTo(server, 'POST', OBJECTS)).toHaveLength(0);
    expect(storage.objects('photos')).toHaveLength(0);

    server.route(UPLOAD, (request) => storage.answer(request));
    await user.click(screen.getByLabelText('重试上传 draft.txt'));
    await waitFor(() => expect(statusOf('draft.txt')).toBe('已完成'));
    expect(storage.objects('photos').map((object) => object.objectName)).toEqual(['draft.txt']);

    await user.click(screen.getByText('清除已完成'));
    expect(screen.queryByTestId('upload-panel')).toBeNull();
  });

  it('refuses an empty file and a file over the limit before reading them', async () => {
    await open();
    const huge = text('huge.bin', 'x', 'application/octet-stream');
    Object.defineProperty(huge, 'size', { value: 300 * 1024 ** 2 });
    await choose(text('empty.txt', ''), huge);
    await waitFor(() => expect(statusOf('huge.bin')).toBe('失败：文件有 300 MB，超过了 200 MB 的上限'));
    expect(statusOf('empty.txt')).toBe('失败：文件是空的（0 字节），不能上传');
    expect(server.requests.filter((request) => request.path.startsWith('/v2/storages/files'))).toHaveLength(0);

    // The panel folds to its heading and opens again.
    const panel = screen.getByTestId('upload-panel');
    expect(within(panel).getByText('2 / 2 已结束')).toBeTruthy();
    await person().click(within(panel).getByLabelText('收起上传任务'));
    expect((panel.querySelector('ul') as HTMLElement).hidden).toBe(true);
    expect(within(panel).getByLabelText('展开上传任务').getAttribute('aria-expanded')).toBe('false');
  });

  it('explains a failed analysis with its reason', async () => {
    await open();
    storage.analysisOfUploads = [3];
    await choose(text('fake.png', 'not a picture', 'image/png'));
    await waitFor(() => expect(statusOf('fake.png')).toBe('失败：文件分析失败：the bytes are not a PNG image'));
    expect(screen.getByTestId('upload-announcer').textContent).toBe(
      'fake.png：失败：文件分析失败：the bytes are not a PNG image',
    );
    expect(screen.getByLabelText('重试上传 fake.png').tagName).toBe('BUTTON');
    expect(requestsTo(server, 'POST', OBJECTS)).toHaveLength(0);
  });

  it('takes dropped files and opens the picker from the keyboard', async () => {
    await open();
    const zone = screen.getByLabelText('上传文件到存储桶 photos');
    expect([zone.getAttribute('role'), zone.tabIndex]).toEqual(['button', 0]);
    const picker = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    zone.focus();
    await person().keyboard('{Enter}');
    await person().keyboard(' ');
    expect(picker).toHaveBeenCalledTimes(2);

    fireEvent.drop(zone, { dataTransfer: { files: [text('dropped.txt', 'dropped bytes')] } });
    await waitFor(() => expect(statusOf('dropped.txt')).toBe('已完成'));
  });
});
