// Helpers of the exhibit page tests (tests only): an exhibit as the server answers it and a test
// server that answers every read of the page.
import type { ContractWire } from '@tessera/contract/contracts';
import type { PresentableWire } from '@tessera/contract/exhibits';
import { envelope, type TestServer } from '../../testing/test-server';
import { contractWire } from '../contracts/testing';
import { ALICE, policyBinding, resourceWire, signInAlice, startResourceServer } from '../resources/testing';

export const EXHIBIT_ID = '6650a1c2e4b0f3d9000e0001';
export const EXHIBITED_RESOURCE = '6650a1c2e4b0f3d9000b0001';
export const NODE_ID = 80000001;
const DAY = '2026-03-01T08:30:00.000Z';

export function exhibitWire(overrides: Partial<PresentableWire> = {}): PresentableWire {
  return {
    presentableId: EXHIBIT_ID,
    presentableName: '底图',
    presentableTitle: '底图展品',
    intro: '',
    nodeId: NODE_ID,
    userId: ALICE,
    resourceInfo: {
      resourceId: EXHIBITED_RESOURCE,
      resourceName: 'bob/底图',
      resourceType: ['image'],
      resourceOwnerId: 10002,
    },
    version: '1.0.0',
    policies: [policyBinding({ policyId: 'e'.repeat(32), policyName: '展品免费' })],
    resolveResources: [{ resourceId: EXHIBITED_RESOURCE, resourceName: 'bob/底图', contracts: [] }],
    tags: [],
    coverImages: [],
    onlineStatus: 0,
    authStatus: 0,
    ignoredUpdateVersion: '',
    status: 0,
    createDate: DAY,
    updateDate: DAY,
    ...overrides,
  };
}

/** The exhibit with the node holding `contracts` on bob/底图. */
export function exhibitHolding(contracts: ContractWire[]): PresentableWire {
  const exhibit = exhibitWire();
  return {
    ...exhibit,
    resolveResources: [
      {
        resourceId: EXHIBITED_RESOURCE,
        resourceName: 'bob/底图',
        contracts: contracts.map(({ policyId, contractId }) => ({ policyId, contractId })),
      },
    ],
  };
}

/** The node's contract on bob/底图 (licensee identity 2). */
export function nodeContract(overrides: Partial<ContractWire> = {}): ContractWire {
  return contractWire({
    subjectId: EXHIBITED_RESOURCE,
    licenseeId: String(NODE_ID),
    licenseeName: 'alicenode',
    licenseeIdentityType: 2,
    ...overrides,
  });
}

export const TEXTURE_RESOURCE = '6650a1c2e4b0f3d9000b0002';

/**
 * The two trees of `exhibit` (bob/底图 1.0.0, whose version resolves its dependency bob/纹理 under the
 * contract `upstreamContractId`) as the server answers them: the dependency tree flattened and frozen
 * (DOMAIN §2.18), the auth tree nested per resolved resource with the node's contracts on top (§3.3).
 */
export function servedTrees(exhibit: PresentableWire, upstreamContractId: string) {
  const root = {
    nid: '3f1c2a9b7d40',
    resourceId: EXHIBITED_RESOURCE,
    resourceName: 'bob/底图',
    resourceType: ['image'],
    version: exhibit.version,
    versionId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    versionRange: '*',
    fileSha1: '5d41402abc4b2a76b9719d911017c592aabbccdd',
  };
  const texture = {
    nid: '9e8d7c6b5a41',
    resourceId: TEXTURE_RESOURCE,
    resourceName: 'bob/纹理',
    resourceType: ['image'],
    version: '1.0.0',
    versionId: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    versionRange: '^1.0.0',
    fileSha1: '7c211433f02071597741e6ff5a8ea34789abaddd',
  };
  const nodeContracts = exhibit.resolveResources.find((entry) => entry.resourceId === EXHIBITED_RESOURCE)?.contracts;
  const upstream = [{ policyId: 'f'.repeat(32), contractId: upstreamContractId }];
  return {
    dependencyTree: [
      { ...root, parentNid: '', deep: 1 },
      { ...texture, parentNid: root.nid, deep: 2 },
    ],
    authTree: [
      [{ ...root, contracts: nodeContracts ?? [], children: [[{ ...texture, contracts: upstream, children: [] }]] }],
    ],
  };
}

/**
 * Alice signed in, her exhibit of bob/底图 (versions 1.0.0 and 1.1.0), empty trees and `contracts` as the
 * node's contracts.
 */
export async function startExhibitServer(
  exhibit: PresentableWire = exhibitWire(),
  contracts: ContractWire[] = [],
): Promise<TestServer> {
  const server = await startResourceServer();
  signInAlice(server);
  server.route(`/v2/presentables/${EXHIBIT_ID}`, { body: envelope(exhibit) });
  server.route(`/v2/resources/${EXHIBITED_RESOURCE}`, {
    body: envelope(
      resourceWire({
        resourceId: EXHIBITED_RESOURCE,
        resourceName: 'bob/底图',
        resourceVersions: [
          { version: '1.0.0', versionId: 'v1', createDate: DAY },
          { version: '1.1.0', versionId: 'v2', createDate: DAY },
        ],
        latestVersion: '1.1.0',
      }),
    ),
  });
  server.route(`/v2/presentables/${EXHIBIT_ID}/dependencyTree`, {
    body: envelope([
      {
        nid: 'n1',
        resourceId: EXHIBITED_RESOURCE,
        resourceName: 'bob/底图',
        resourceType: ['image'],
        version: exhibit.version,
        versionId: 'v1',
        dependencies: [],
      },
    ]),
  });
  server.route(`/v2/presentables/${EXHIBIT_ID}/authTree`, { body: envelope([]) });
  server.route(`/v2/auths/presentables/nodes/${NODE_ID}/batchAuth/result`, { body: envelope([]) });
  server.route('/v2/contracts/list', { body: envelope(contracts) });
  return server;
}
