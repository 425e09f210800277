// Test helpers of the exhibits module (not a test file itself): a node, an online resource and an
// exhibit of it in a few calls, made the way an owner makes them.
import type { NodeWire } from '@tessera/contract/nodes';
import type { PresentableWire } from '@tessera/contract/exhibits';
import type { ResourceWire } from '@tessera/contract/resources';
import { dataOf, type ApiResponse, type TestApp, type TestClient } from '../../testing';
import { onlineResource, policyIdsOf } from '../versions/testing';

export const PRESENTABLES = '/v2/presentables';
export const FREE_EXHIBIT_POLICY = 'for public\n\ninitial[active]:\n  terminate';

let made = 0;

/** A node of `userId`, made by the nodes service as POST /v2/nodes makes it. */
export async function createTestNode(t: TestApp, userId: number, tag = 'exh'): Promise<NodeWire> {
  made += 1;
  const unique = `${process.pid}x${made}`;
  return t.services.nodes.createNode(userId, {
    nodeName: `${tag}${unique.replace('x', 'X')}`,
    nodeDomain: `${tag}-${unique}`.toLowerCase(),
  });
}

/** An exhibit name nobody in the test run has used. */
export function freshExhibitName(prefix = 'exhibit'): string {
  made += 1;
  return `${prefix}-${process.pid}-${made}`;
}

/**
 * The body of POST /v2/presentables for an online resource without upcasts: its latest version, its
 * enabled policies as the node contracts, a fresh name.
 */
export function exhibitBody(
  nodeId: number,
  resource: ResourceWire,
  more: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    nodeId,
    resourceId: resource.resourceId,
    version: resource.latestVersion,
    presentableName: freshExhibitName(),
    resolveResources: [
      { resourceId: resource.resourceId, contracts: policyIdsOf(resource).map((policyId) => ({ policyId })) },
    ],
    ...more,
  };
}

export function postExhibit(client: TestClient, body: Record<string, unknown>): Promise<ApiResponse<PresentableWire>> {
  return client.post<PresentableWire>(PRESENTABLES, body, { locale: 'en_US' });
}

/** Creates an exhibit of `resource` in the node (offline, as created). */
export async function createExhibit(
  client: TestClient,
  nodeId: number,
  resource: ResourceWire,
  more: Record<string, unknown> = {},
): Promise<PresentableWire> {
  return dataOf(await postExhibit(client, exhibitBody(nodeId, resource, more)));
}

/** The exhibit as the client reads it. */
export async function readExhibit(client: TestClient, presentableId: string, query = ''): Promise<PresentableWire> {
  return dataOf(await client.get<PresentableWire>(`${PRESENTABLES}/${presentableId}${query}`));
}

export type ExhibitSetup = {
  node: NodeWire;
  /** An online image resource of `creator` with a free policy and version 1.0.0. */
  resource: ResourceWire;
  /** The node owner's exhibit of it, with a free exhibit policy enabled, offline. */
  exhibit: PresentableWire;
};

/**
 * A node of `owner`, an online resource of `creator` (the owner too when not given) and an exhibit
 * of it with an enabled free exhibit policy, in one step.
 */
export async function nodeWithExhibit(
  t: TestApp,
  owner: { client: TestClient; userId: number },
  creator: { client: TestClient } = owner,
): Promise<ExhibitSetup> {
  const node = await createTestNode(t, owner.userId);
  const resource = await onlineResource(t, creator.client);
  const exhibit = await createExhibit(owner.client, node.nodeId, resource, {
    policies: [{ policyName: 'free', policyText: encodeURIComponent(FREE_EXHIBIT_POLICY) }],
  });
  return { node, resource, exhibit };
}

/** The stored exhibit row (to prove what changed and what did not). */
export function exhibitRow(t: TestApp, presentableId: string) {
  return t.db
    .selectFrom('presentables')
    .selectAll()
    .where('presentableId', '=', presentableId)
    .executeTakeFirstOrThrow();
}
