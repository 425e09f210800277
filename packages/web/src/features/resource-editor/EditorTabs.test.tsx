import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { buttonName, policyUser } from '../policy/testing';
import { openPage, policyBinding, requestsTo, nth } from '../resources/testing';
import type { TestServer } from '../../testing/test-server';
import { savePolicyAsCode } from '../creator/testing';
import {
  dialogTitled,
  FREE_POLICY_TEXT,
  ownedResource,
  rawEditorKeys,
  resourcePuts,
  RESOURCE_ID,
  sampleRelations,
  serverMessage,
  startEditorServer,
} from './testing';
import { findRichText, richTextOf } from '../../testing/rich-text';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

const putBodies = () => resourcePuts(server);
const policyItem = (name: string) =>
  nth(
    screen.getAllByTestId('resource-policy').filter((item) => item.querySelector('h3')?.textContent?.startsWith(name)),
    0,
  );

describe('the editor’s policy tab', { timeout: 30_000 }, () => {
  it('disables a policy after confirmation and enables it again', async () => {
    const two = [
      policyBinding({ policyId: 'a'.repeat(32), policyName: '免费使用' }),
      policyBinding({ policyId: 'b'.repeat(32), policyName: '会员专享' }),
    ];
    ({ server } = await startEditorServer(ownedResource({ status: 1, policies: two })));
    openPage(server, `/resource/sidebar/policy/${RESOURCE_ID}`);
    const user = policyUser();
    await screen.findByRole('heading', { level: 2, name: '授权策略' });
    expect(await within(policyItem('免费使用')).findByTestId('policy-read-only', {}, { timeout: 10_000 })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '停用策略“会员专享”' }));
    const dialog = await dialogTitled('停用策略“会员专享”？');
    expect(putBodies()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: buttonName('停用') }));
    expect(await screen.findByText('已停用策略“会员专享”')).toBeTruthy();
    expect(nth(putBodies(), 0)).toEqual({
      resourceId: RESOURCE_ID,
      updatePolicies: [{ policyId: 'b'.repeat(32), status: 0 }],
    });
    expect(policyItem('会员专享').textContent).toContain('已停用');

    await user.click(screen.getByRole('button', { name: '启用策略“会员专享”' }));
    expect(await screen.findByText('已启用策略“会员专享”')).toBeTruthy();
    expect(nth(putBodies(), 1)).toEqual({
      resourceId: RESOURCE_ID,
      updatePolicies: [{ policyId: 'b'.repeat(32), status: 1 }],
    });
    expect(policyItem('会员专享').textContent).not.toContain('已停用');
    expect(rawEditorKeys(document.body.textContent)).toEqual([]);
  });

  it('shows why the last enabled policy of an online resource cannot be disabled', async () => {
    ({ server } = await startEditorServer(ownedResource({ status: 1 })));
    openPage(server, `/resource/sidebar/policy/${RESOURCE_ID}`);
    const user = policyUser();
    await user.click(await screen.findByRole('button', { name: '停用策略“免费使用”' }));
    const dialog = await dialogTitled('停用策略“免费使用”？');
    await user.click(within(dialog).getByRole('button', { name: buttonName('停用') }));
    expect((await screen.findByTestId('policy-refusal')).textContent).toContain(
      serverMessage('resources.lastPolicyWhileOnline'),
    );
    expect(policyItem('免费使用').textContent).not.toContain('已停用');
  });

  it('adds a policy through the policy editor, with names unique within the resource', async () => {
    ({ server } = await startEditorServer());
    openPage(server, `/resource/sidebar/policy/${RESOURCE_ID}`);
    const user = policyUser();
    await user.click(await screen.findByRole('button', { name: buttonName('添加策略') }));
    await user.type(await screen.findByLabelText('策略名称'), '免费使用');
    expect(await screen.findByText('已有同名的策略')).toBeTruthy();
    await user.clear(screen.getByLabelText('策略名称'));
    await user.paste('试用');
    await savePolicyAsCode(user);

    expect(await screen.findByText('已添加策略“试用”')).toBeTruthy();
    expect(nth(putBodies(), 0)).toEqual({
      resourceId: RESOURCE_ID,
      addPolicies: [{ policyName: '试用', policyText: encodeURIComponent(FREE_POLICY_TEXT), status: 1 }],
    });
    await waitFor(() =>
      expect(
        screen.getAllByTestId('resource-policy').map((item) => item.querySelector('h3')?.textContent?.slice(0, 2)),
      ).toEqual(['免费', '试用']),
    );
  });
});

describe('the editor’s version tab', { timeout: 30_000 }, () => {
  it('lists versions newest first, switches between them and saves a description', async () => {
    const sidebar = await startEditorServer();
    server = sidebar.server;
    const { router } = openPage(server, `/resource/sidebar/versionInfo/${RESOURCE_ID}`);
    const list = await screen.findByRole('list', { name: '版本列表' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.querySelector('strong')?.textContent),
    ).toEqual(['1.1.0', '1.0.0']);
    expect(
      within(list)
        .getByRole('link', { name: /1\.1\.0/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    expect(await richTextOf('版本描述')).toBe('第 1.1.0 版说明');
    const details = screen.getByTestId('version-details');
    expect(details.textContent).toContain('fog-1.1.0.png');
    expect(details.textContent).toContain('X100');
    expect(
      within(details)
        .getByRole('link', { name: /下载文件/ })
        .getAttribute('href'),
    ).toBe(`${server.origin}/v2/resources/${RESOURCE_ID}/versions/1.1.0/download`);
    expect(screen.getByRole('link', { name: '发行新版本' }).getAttribute('href')).toBe(
      `/resource/versionCreator/${RESOURCE_ID}`,
    );

    const user = policyUser();
    await user.click(within(list).getByRole('link', { name: /1\.0\.0/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?version=1.0.0'));
    await waitFor(async () => expect(await richTextOf('版本描述')).toBe('第 1.0.0 版说明'));
    expect(screen.getByRole('button', { name: '保存描述' }).hasAttribute('disabled')).toBe(true);
    await user.click(await findRichText('版本描述'));
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.type(await findRichText('版本描述'), '修订后的说明');
    await user.click(screen.getByRole('button', { name: '保存描述' }));
    expect(await screen.findByText('描述已保存')).toBeTruthy();
    const saved = nth(requestsTo(server, 'PUT', `/v2/resources/${RESOURCE_ID}/versions/1.0.0`), 0);
    expect(JSON.parse(saved.body)).toEqual({
      resourceId: RESOURCE_ID,
      version: '1.0.0',
      description: '<p>修订后的说明</p>',
    });
    expect(sidebar.versions['1.0.0']?.description).toBe('<p>修订后的说明</p>');
    expect(rawEditorKeys(document.body.textContent)).toEqual([]);
  });

  it('offers the first version when there is none', async () => {
    ({ server } = await startEditorServer(ownedResource({ status: 0, resourceVersions: [], latestVersion: '' })));
    openPage(server, `/resource/sidebar/versionInfo/${RESOURCE_ID}`, 'en_US');
    const empty = await screen.findByTestId('versions-empty');
    expect(empty.textContent).toContain('No version released yet');
    expect(within(empty).getByRole('link', { name: 'Release a new version' }).getAttribute('href')).toBe(
      `/resource/versionCreator/${RESOURCE_ID}`,
    );
  });
});

describe('the editor’s dependency tab', { timeout: 30_000 }, () => {
  it('draws the dependency tree and the relation tree of the chosen version', async () => {
    const resource = ownedResource();
    ({ server } = await startEditorServer(resource, { relations: sampleRelations(resource) }));
    openPage(server, `/resource/sidebar/dependency/${RESOURCE_ID}`);
    const relations = await screen.findByTestId('relation-graph', {}, { timeout: 10_000 });
    expect(relations.getAttribute('aria-label')).toBe('关系图：资源、它直接依赖的资源，以及这些资源上抛的资源');
    // A group (it holds zoom buttons), never an image with controls inside.
    expect(relations.getAttribute('role')).toBe('group');
    expect(await within(relations).findByText('bob/底图 ^1.0.0')).toBeTruthy();
    expect(within(relations).getByText('carol/字体')).toBeTruthy();
    expect(await screen.findByTestId('dependency-graph')).toBeTruthy();
    expect(nth(requestsTo(server, 'GET', `/v2/resources/${RESOURCE_ID}/relationTree`), 0).query.get('version')).toBe(
      '1.1.0',
    );

    const user = policyUser();
    await user.click(screen.getByRole('combobox', { name: '版本' }));
    await user.click(await screen.findByTitle('1.0.0'));
    await waitFor(() =>
      expect(
        requestsTo(server, 'GET', `/v2/resources/${RESOURCE_ID}/relationTree`).map((request) =>
          request.query.get('version'),
        ),
      ).toEqual(['1.1.0', '1.0.0']),
    );
  });

  it('says when a version has no relations', async () => {
    ({ server } = await startEditorServer());
    openPage(server, `/resource/sidebar/dependency/${RESOURCE_ID}`, 'en_US');
    expect((await screen.findByTestId('relations-empty')).textContent).toContain(
      'This version has no dependencies, so no relations',
    );
    expect(await screen.findByTestId('dependencies-empty')).toBeTruthy();
  });
});
