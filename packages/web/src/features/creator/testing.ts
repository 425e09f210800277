import { expect, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { buttonName, type policyUser } from '../policy/testing';
import { envelope, type TestAnswer, type TestServer } from '../../testing/test-server';
import {
  ALICE,
  FREE_POLICY_TEXT,
  policyBinding,
  resourceWire,
  signInAlice,
  startResourceServer,
} from '../resources/testing';

// Helpers of the publishing page tests (tests only).

export const FILE_SHA1 = 'f'.repeat(40);
export const RESOURCE_ID = '6650a1c2e4b0f3d900000abc';

type User = ReturnType<typeof policyUser>;

/** alice's stored objects in her bucket `photos`. */
const STORED_OBJECTS = [
  {
    objectId: 'o1',
    objectName: 'fog.png',
    bucketName: 'photos',
    sha1: FILE_SHA1,
    resourceType: ['image'],
    resourceTypeCode: 'image',
    fileSize: 5,
  },
  {
    objectId: 'o2',
    objectName: 'notes.md',
    bucketName: 'photos',
    sha1: 'a'.repeat(40),
    resourceType: ['markdown'],
    resourceTypeCode: 'markdown',
    fileSize: 12,
  },
];

/** Takes a stored object as the version's file with the searchable picker (its search has its own tests). */
export async function pickStoredObject(user: User, name = 'fog.png'): Promise<void> {
  await user.click(await screen.findByRole('combobox', { name: '存储空间中的对象' }));
  await user.click(await screen.findByTitle(name));
}

/** The resource server with alice signed in and the publishing calls answered. */
export async function startCreatorServer(): Promise<TestServer> {
  const server = await startResourceServer();
  signInAlice(server);
  server.route('/v2/resources/tags/availableTags', { body: envelope([{ tagName: '风景', tagType: 1 }]) });
  server.route('/v2/storages/files/fileIsExist', (request) => ({
    body: envelope([{ sha1: request.query.get('sha1'), isExisting: false }]),
  }));
  server.route('/v2/storages/files/upload', { body: envelope({ sha1: FILE_SHA1, fileSize: 5 }) });
  server.route('/v2/storages/files/list/info', { body: envelope([{ sha1: FILE_SHA1, metaAnalyzeStatus: 2 }]) });
  server.route('/v2/resources/versions/isCanBeCreate', { body: envelope(true) });
  server.route('/v2/storages/buckets', {
    body: envelope([{ bucketName: 'photos', bucketType: 1, totalFileQuantity: 1, totalFileSize: 5, createDate: '' }]),
  });
  // The bucket's objects whose name has the keywords, as the server answers.
  server.route('/v2/storages/buckets/photos/objects', (request) => {
    const keywords = request.query.get('keywords') ?? '';
    const dataList = STORED_OBJECTS.filter((object) => object.objectName.includes(keywords));
    return { body: envelope({ skip: 0, limit: 20, totalItem: dataList.length, dataList }) };
  });
  return server;
}

/** Request paths in the order sent, without the page's reading calls. */
export const writesTo = (server: TestServer): string[] =>
  server.requests
    .filter(
      (request) =>
        request.method !== 'GET' || request.path.includes('/storages/files/') || request.path.includes('isCanBeCreate'),
    )
    .map((request) => `${request.method} ${request.path}`);

/** antd spaces out two-character Chinese labels, hence the pattern. */
export const buttonNamed = (text: string) =>
  screen.getByText(buttonName(text), { selector: 'button, button *' }).closest('button') as HTMLElement;

/**
 * In the open policy dialog: switches to code, writes `text` and saves. The dialog's own code editor
 * is used, as the page may show read-only ones of its own.
 */
export async function savePolicyAsCode(user: User, text = FREE_POLICY_TEXT): Promise<void> {
  const dialog = screen.getByLabelText('策略名称').closest('.ant-modal') as HTMLElement;
  await user.click(await within(dialog).findByRole('button', { name: buttonName('代码') }));
  const code = await waitFor(() => {
    const view = EditorView.findFromDOM(dialog.querySelector('.cm-content') as HTMLElement);
    if (!view) throw new Error('the dialog has no code editor yet');
    return view;
  });
  code.dispatch({ changes: { from: 0, to: code.state.doc.length, insert: text }, userEvent: 'input.type' });
  await user.click(within(dialog).getByRole('button', { name: buttonName('保存') }));
}

/** Adds a policy named `name` through the page's 添加策略 button and the policy dialog, written as code. */
export async function addPolicyAsCode(user: User, name: string, text = FREE_POLICY_TEXT): Promise<void> {
  await user.click(await waitFor(() => buttonNamed('添加策略')));
  await user.type(await screen.findByLabelText('策略名称'), name);
  await savePolicyAsCode(user, text);
}

export const DEPENDENCY_ID = '6650a1c2e4b0f3d900000d01';
export const UPCAST_ID = '6650a1c2e4b0f3d900000d02';
export const DEPENDENCY_POLICY = 'b'.repeat(32);
export const UPCAST_POLICY = 'c'.repeat(32);

/** bob/山谷: online, one enabled policy, and it upcasts bob/河流 (which has one enabled policy too). */
export function dependencyWires() {
  const dependency = resourceWire({
    resourceId: DEPENDENCY_ID,
    resourceName: 'bob/山谷',
    resourceTitle: '山谷',
    latestVersion: '1.2.0',
    policies: [
      policyBinding({ policyId: DEPENDENCY_POLICY, policyName: '山谷授权' }),
      policyBinding({ policyId: 'd'.repeat(32), policyName: '停用的', status: 0 }),
    ],
  });
  const upcast = resourceWire({
    resourceId: UPCAST_ID,
    resourceName: 'bob/河流',
    latestVersion: '2.0.0',
    policies: [policyBinding({ policyId: UPCAST_POLICY, policyName: '河流授权' })],
  });
  return {
    dependency: { ...dependency, baseUpcastResources: [{ resourceId: UPCAST_ID, resourceName: 'bob/河流' }] },
    upcast: { ...upcast, baseUpcastResources: [] },
  };
}

/** The dependency search (GET /v2/resources; POST answers `create`), the look-up by ids, name suggestions. */
export function routeDependencies(
  server: TestServer,
  create: TestAnswer = { body: envelope(null, { errCode: 8, msg: 'not expected' }) },
): void {
  const { dependency, upcast } = dependencyWires();
  const all = [dependency, upcast];
  server.route('/v2/resources/list', (request) => ({
    body: envelope(
      all.filter((resource) => (request.query.get('resourceIds') ?? '').split(',').includes(resource.resourceId)),
    ),
  }));
  server.route('/v2/resources/generateResourceNames', (request) => ({
    body: envelope(
      (JSON.parse(request.body) as { resourceNames: string[] }).resourceNames.map((inputName) => ({
        inputName,
        name: inputName,
        resourceName: `alice/${inputName}`,
      })),
    ),
  }));
  const search = { body: envelope({ skip: 0, limit: 20, totalItem: 1, dataList: [dependency] }) };
  server.route('/v2/resources', (request) => (request.method === 'POST' ? create : search));
}

/** The draft of a resource: what was last saved is answered. */
export function routeDraft(server: TestServer, resourceId: string, initial: unknown = null): { saved: () => unknown } {
  let draft = initial;
  server.route(`/v2/resources/${resourceId}/versions/drafts`, (request) => {
    if (request.method === 'POST') draft = (JSON.parse(request.body) as { draftData: unknown }).draftData;
    return { body: envelope(draft === null ? null : { resourceId, draftData: draft }) };
  });
  return { saved: () => draft };
}

/** jsdom draws nothing: the canvas records what is drawn and encodes a small JPEG. */
export function standInCanvas() {
  const drawn: unknown[][] = [];
  const context = { drawImage: (...args: unknown[]) => drawn.push(args) } as unknown as CanvasRenderingContext2D;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback: BlobCallback) =>
    callback(new Blob([new Uint8Array(64)], { type: 'image/jpeg' })),
  );
  Object.assign(URL, { createObjectURL: () => 'blob:cover', revokeObjectURL: () => undefined });
  return drawn;
}

/** Lets the browser "load" the image in the crop dialog with the given size. */
export async function loadCropImage(width: number, height: number): Promise<void> {
  const image = await screen.findByTestId('cover-crop-image');
  Object.defineProperties(image, { naturalWidth: { value: width }, naturalHeight: { value: height } });
  fireEvent.load(image);
  await waitFor(() =>
    expect((screen.getByRole('slider', { name: /缩放|Zoom/ }) as HTMLInputElement).disabled).toBe(false),
  );
}

/** Non-GET requests other than draft saves, in the order sent. */
export const publishingWrites = (server: TestServer): string[] =>
  server.requests
    .filter(
      (request) =>
        request.method !== 'GET' &&
        !request.path.endsWith('/drafts') &&
        !request.path.endsWith('/generateResourceNames'),
    )
    .map((request) => `${request.method} ${request.path}`);

/** alice's resource the wizard has created and not yet released (no policies, no version). */
export const unreleasedResource = () =>
  resourceWire({
    resourceId: RESOURCE_ID,
    resourceName: 'alice/晨雾',
    resourceTitle: '晨雾',
    resourceTypeCode: 'image-illustration',
    userId: ALICE,
    username: 'alice',
    status: 0,
    policies: [],
  });

/** alice's released resource, offline (status 4). */
export const offlineResource = (changes: Partial<ReturnType<typeof resourceWire>> = {}) =>
  resourceWire({
    resourceId: RESOURCE_ID,
    resourceName: 'alice/晨雾',
    resourceTitle: '晨雾',
    userId: ALICE,
    username: 'alice',
    status: 4,
    ...changes,
  });
