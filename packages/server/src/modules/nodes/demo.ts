// The demo node (DEMO_DATA): alice runs a living public node, so a newcomer finds a site at once; the
// exhibits module later shows alice's and bob's resources in it.
import type { IdentityService } from '../identity';
import type { NodeService } from './service';

export const DEMO_NODE = {
  owner: 'alice',
  nodeName: 'MistGallery',
  nodeDomain: 'mist-gallery',
  nodeTitle: '雾之画廊 · Mist Gallery',
  nodeShortDescription: '插画、音乐与随笔的小型展馆 · A small gallery of illustrations, music and essays',
} as const;

export async function loadDemoNodes({
  identity,
  nodes,
}: {
  identity: Pick<IdentityService, 'resolveUser'>;
  nodes: NodeService;
}): Promise<void> {
  const owner = await identity.resolveUser(DEMO_NODE.owner);
  const { nodeName, nodeDomain, nodeTitle, nodeShortDescription } = DEMO_NODE;
  const node = await nodes.createNode(owner.userId, { nodeName, nodeDomain, nodeTitle });
  await nodes.setNodeInfo(owner.userId, { nodeId: node.nodeId, nodeShortDescription });
}
