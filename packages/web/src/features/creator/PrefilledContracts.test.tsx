import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { envelope, type TestServer } from '../../testing/test-server';
import { policyUser } from '../policy/testing';
import { ALICE, nth, openPage, requestsTo, resourceWire } from '../resources/testing';
import {
  DEPENDENCY_ID,
  DEPENDENCY_POLICY,
  FILE_SHA1,
  RESOURCE_ID,
  UPCAST_ID,
  buttonNamed,
  routeDependencies,
  startCreatorServer,
} from './testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

/** bob/山谷's policy that its owner disabled after alice's previous version signed it. */
const DISABLED_POLICY = 'd'.repeat(32);

describe('the version creator’s prefilled contracts', { timeout: 20_000 }, () => {
  it('says which policy of the previous version is no longer offered, and publishes once it is taken out', async () => {
    server = await startCreatorServer();
    routeDependencies(server);
    const previous = {
      version: '1.2.3',
      versionId: 'v3',
      description: '',
      customPropertyDescriptors: [],
      dependencies: [{ resourceId: DEPENDENCY_ID, resourceName: 'bob/山谷', versionRange: '^1.0.0' }],
      resolveResources: [
        {
          resourceId: DEPENDENCY_ID,
          resourceName: 'bob/山谷',
          contracts: [
            { policyId: DEPENDENCY_POLICY, contractId: 'k1' },
            { policyId: DISABLED_POLICY, contractId: 'k2' },
          ],
        },
      ],
    };
    const resource = resourceWire({
      resourceId: RESOURCE_ID,
      resourceName: 'alice/晨雾',
      userId: ALICE,
      username: 'alice',
      latestVersion: '1.2.3',
      latestVersionInfo: previous,
      baseUpcastResources: [{ resourceId: UPCAST_ID, resourceName: 'bob/河流' }],
    });
    server.route(`/v2/resources/${RESOURCE_ID}`, { body: envelope(resource) });
    server.route(`/v2/resources/${RESOURCE_ID}/versions/drafts`, { body: envelope(null) });
    server.route(`/v2/resources/${RESOURCE_ID}/versions/cycleDependencyCheck`, { body: envelope(true) });
    server.route(`/v2/resources/${RESOURCE_ID}/versions`, { body: envelope({ version: '1.2.4', versionId: 'v4' }) });
    openPage(server, `/resource/versionCreator/${RESOURCE_ID}`);

    const valley = within(await screen.findByRole('group', { name: 'bob/山谷' }));
    expect(((await valley.findByRole('checkbox', { name: '山谷授权' })) as HTMLInputElement).checked).toBe(true);
    expect(valley.getByRole('alert').textContent).toContain(
      '上一版本签约的策略“停用的”已被 bob/山谷 停用，无法再签约：请移除后再发布',
    );
    const user = policyUser();
    await user.click(valley.getByRole('button', { name: '移除“停用的”' }));
    expect(valley.queryByRole('alert')).toBeNull();

    await user.type(screen.getByLabelText('或输入存储空间中对象的 SHA-1'), FILE_SHA1);
    await screen.findByTestId('chosen-file');
    await user.click(buttonNamed('发布版本'));
    await waitFor(() => expect(requestsTo(server, 'POST', `/v2/resources/${RESOURCE_ID}/versions`)).toHaveLength(1));
    expect(JSON.parse(nth(requestsTo(server, 'POST', `/v2/resources/${RESOURCE_ID}/versions`), 0).body)).toMatchObject({
      batchSignContracts: [{ resourceId: DEPENDENCY_ID, policyIds: [DEPENDENCY_POLICY] }],
    });
  });
});
