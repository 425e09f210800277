// Nothing lost (issue 16): a discrete action reaches the server-kept draft at once, typing a moment
// later, and a reload or a closed tab is asked about while a change is not saved yet.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { envelope, type TestServer } from '../../testing/test-server';
import { findRichText, richTextOf } from '../../testing/rich-text';
import { policyUser } from '../policy/testing';
import { openPage } from '../resources/testing';
import {
  addPolicyAsCode,
  buttonNamed,
  FILE_SHA1,
  RESOURCE_ID,
  routeDraft,
  startCreatorServer,
  unreleasedResource,
} from './testing';
import { DRAFT_SAVE_DELAY_MS, isDiscreteChange } from './use-draft-autosave';
import { newResourceDraft, type ResourceDraftData, type VersionDraftData } from './version-draft';

let server: TestServer;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
});

const PENDING = '有修改尚未保存，稍后自动保存草稿…';
const SAVED = /^草稿已于 \d\d:\d\d 保存$/;
const unreleased = unreleasedResource();
const draftAtPolicies: ResourceDraftData = { ...newResourceDraft(), step: 2, fileSha1: FILE_SHA1, filename: 'fog.png' };

/** Whether the page asks before a reload or a closed tab: its beforeunload listener cancels the event. */
function asksBeforeUnload(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** The debounced saves scheduled since the spy began: a discrete action schedules none. */
const debouncedSaves = (timers: { mock: { calls: unknown[][] } }) =>
  timers.mock.calls.filter(([, delay]) => delay === DRAFT_SAVE_DELAY_MS).length;

describe('what counts as a discrete action', () => {
  const base: VersionDraftData = {
    version: '1.0.0',
    description: '',
    customPropertyDescriptors: [],
    dependencies: [{ resourceId: 'd1', resourceName: 'bob/山谷', versionRange: '^1.0.0' }],
    contracts: {},
  };
  it('is a step, a file, a policy, a ticked policy or upcast, tags, a cover, an item added or taken out', () => {
    const wizard = { ...base, ...draftAtPolicies, dependencies: base.dependencies };
    expect(isDiscreteChange(wizard, { ...wizard, step: 3 })).toBe(true);
    expect(isDiscreteChange(base, { ...base, fileSha1: 'a'.repeat(40), filename: 'a.png' })).toBe(true);
    expect(isDiscreteChange(wizard, { ...wizard, policies: [{ policyName: '免费', policyText: 'x' }] })).toBe(true);
    expect(isDiscreteChange(base, { ...base, contracts: { d1: ['p1'] } })).toBe(true);
    expect(isDiscreteChange(wizard, { ...wizard, upcasts: ['d1'] })).toBe(true);
    expect(isDiscreteChange(wizard, { ...wizard, tags: ['风景'] })).toBe(true);
    expect(isDiscreteChange(wizard, { ...wizard, coverImages: ['https://x/c.jpg'] })).toBe(true);
    expect(isDiscreteChange(base, { ...base, dependencies: [] })).toBe(true);
    const property = { key: 'mood', name: '', type: 'editableText', defaultValue: '', candidateItems: [], remark: '' };
    expect(isDiscreteChange(base, { ...base, customPropertyDescriptors: [property] as never })).toBe(true);
  });

  it('is not typing: a version, a description, a title, an intro, a range, a property', () => {
    const wizard = { ...base, ...draftAtPolicies, dependencies: base.dependencies };
    expect(isDiscreteChange(base, { ...base, version: '1.0.1' })).toBe(false);
    expect(isDiscreteChange(base, { ...base, description: 'a' })).toBe(false);
    expect(isDiscreteChange(wizard, { ...wizard, resourceTitle: 'a', intro: 'b' })).toBe(false);
    const ranged = [{ resourceId: 'd1', resourceName: 'bob/山谷', versionRange: '^1.1.0' }];
    expect(isDiscreteChange(base, { ...base, dependencies: ranged })).toBe(false);
    const property = { key: 'mood', name: '', type: 'editableText', defaultValue: '', candidateItems: [], remark: '' };
    const withProperty = { ...base, customPropertyDescriptors: [property] as never };
    const typed = [{ ...property, key: 'moods' }] as never;
    expect(isDiscreteChange(withProperty, { ...withProperty, customPropertyDescriptors: typed })).toBe(false);
    // The file field clears the file on each keystroke: clearing none is no change.
    expect(isDiscreteChange(base, { ...base, fileSha1: undefined, filename: undefined })).toBe(false);
  });
});

// The policy dialog (code editor) alone takes 20 s and more on a loaded two-core machine.
describe('the wizard keeps every change', { timeout: 90_000 }, () => {
  it('saves an added policy and a changed step at once, typing after a pause, and asks before a reload meanwhile', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(unreleased) });
    const draft = routeDraft(server, RESOURCE_ID, draftAtPolicies);
    openPage(server, `/resource/creator?resourceId=${RESOURCE_ID}`);
    const user = policyUser();
    await waitFor(() => buttonNamed('添加策略'), { timeout: 10_000 });
    expect(asksBeforeUnload()).toBe(false);

    const timers = vi.spyOn(globalThis, 'setTimeout');
    await addPolicyAsCode(user, '免费');
    await waitFor(() => expect((draft.saved() as ResourceDraftData).policies).toHaveLength(1));
    expect((draft.saved() as ResourceDraftData).policies[0]).toMatchObject({ policyName: '免费' });
    await user.click(buttonNamed('下一步'));
    await waitFor(() => expect((draft.saved() as ResourceDraftData).step).toBe(3));
    expect(debouncedSaves(timers)).toBe(0);
    expect(await screen.findByText(SAVED)).toBeTruthy();
    expect(asksBeforeUnload()).toBe(false);

    // Typing waits for a pause; meanwhile the page says so, and a reload or a closed tab is asked about.
    await user.type(screen.getByLabelText('资源标题'), '晨');
    expect(debouncedSaves(timers)).toBeGreaterThan(0);
    expect(screen.getByText(PENDING)).toBeTruthy();
    expect(asksBeforeUnload()).toBe(true);
    await waitFor(() => expect((draft.saved() as ResourceDraftData).resourceTitle).toBe('晨'));
    expect(await screen.findByText(SAVED)).toBeTruthy();
    expect(asksBeforeUnload()).toBe(false);
  });
});

describe('the version creator keeps every change', { timeout: 40_000 }, () => {
  it('asks before a reload, a closed tab or leaving in the app while a change is not saved yet', async () => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, {
      body: envelope({ ...unreleased, status: 1, latestVersion: '1.0.0' }),
    });
    const draft = routeDraft(server, RESOURCE_ID);
    const { router } = openPage(server, `/resource/versionCreator/${RESOURCE_ID}`);
    const description = await findRichText('版本描述');
    expect(asksBeforeUnload()).toBe(false);

    const user = policyUser();
    await user.type(description, '修');
    expect(screen.getByText(PENDING)).toBeTruthy();
    expect(asksBeforeUnload()).toBe(true);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await act(() => router.navigate('/home'));
    expect(confirm).toHaveBeenCalledWith('填写的内容尚未保存，确定离开吗？');
    expect(router.state.location.pathname).toBe(`/resource/versionCreator/${RESOURCE_ID}`);

    await waitFor(() => expect((draft.saved() as VersionDraftData).description).toBe('<p>修</p>'));
    expect(await screen.findByText(SAVED)).toBeTruthy();
    expect(asksBeforeUnload()).toBe(false);
    await act(() => router.navigate('/home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});

describe('a draft left behind by a published version', { timeout: 40_000 }, () => {
  const released = {
    ...unreleased,
    status: 1,
    latestVersion: '1.0.0',
    resourceVersions: [{ version: '1.0.0', versionId: 'v1', createDate: '2026-11-01T00:00:00.000Z' }],
    latestVersionInfo: { version: '1.0.0', versionId: 'v1', description: '第一版', customPropertyDescriptors: [] },
  };
  it.each([
    ['the first version’s wizard draft', { ...draftAtPolicies, step: 3, description: '向导草稿' }],
    ['a draft of the version since published', { version: '1.0.0', description: '已发布的草稿' }],
  ])('is not restored: %s; the next version starts from the latest one', async (_, left) => {
    server = await startCreatorServer();
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(released) });
    routeDraft(server, RESOURCE_ID, left);
    openPage(server, `/resource/versionCreator/${RESOURCE_ID}`);
    expect(((await screen.findByLabelText('版本号', {}, { timeout: 10_000 })) as HTMLInputElement).value).toBe('1.0.1');
    expect(await richTextOf('版本描述')).toBe('第一版');
  });
});
