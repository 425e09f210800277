// Nodes as the wire carries them (DOMAIN §2.16): tags as a list, the site addresses computed, the
// freeze reason only for the owner of a frozen node (everyone else reads it on the freeze page).
import { NodeWire } from '@tessera/contract/nodes';
import { isNodeFrozen } from './queries';
import type { NodeRow } from './repo';

/** Where node sites are served: `{nodeDomain}.{baseDomain}` on the server's public port. */
export type NodeSiteSettings = { baseDomain: string; publicPort: number };

function siteUrl(host: string, port: number): string {
  return port === 80 ? `http://${host}` : `http://${host}:${port}`;
}

/** The formal site and the test-node site of a domain (DOMAIN §3.7). */
export function nodeSiteUrls(nodeDomain: string, { baseDomain, publicPort }: NodeSiteSettings) {
  return {
    nodeUrl: siteUrl(`${nodeDomain}.${baseDomain}`, publicPort),
    nodeTestUrl: siteUrl(`${nodeDomain}.t.${baseDomain}`, publicPort),
  };
}

/** `viewerId`: the caller (null for a visitor); the owner also sees why their node was frozen. */
export function nodeWire(node: NodeRow, sites: NodeSiteSettings, viewerId: number | null): NodeWire {
  const ownFrozen = viewerId === node.ownerUserId && isNodeFrozen(node);
  return {
    nodeId: node.nodeId,
    nodeName: node.nodeName,
    nodeDomain: node.nodeDomain,
    nodeTitle: node.nodeTitle,
    nodeShortDescription: node.nodeShortDescription,
    nodeLogo: node.nodeLogo,
    nodeThemeId: node.nodeThemeId,
    nodeTestThemeId: node.nodeTestThemeId,
    ownerUserId: node.ownerUserId,
    ownerUserName: node.ownerUserName,
    visibility: node.visibility,
    nodeSuspendInfo: node.nodeSuspendInfo,
    status: node.status,
    tags: JSON.parse(node.tags) as string[],
    ...nodeSiteUrls(node.nodeDomain, sites),
    ...(ownFrozen ? { freezeReason: node.freezeReason } : {}),
    createDate: node.createDate,
    updateDate: node.updateDate,
  };
}

/** The fields a `projection` may keep. */
export const NODE_FIELDS = Object.keys(NodeWire.properties) as (keyof NodeWire)[];
