// What a node site shows whom (DOMAIN §3.7, §5.4): one decision for the pages and for the site's own
// call (/v2/nodeSites/current), so the two never disagree.
import { isNodeFrozen, NodeVisibility } from '@tessera/domain';
import type { NodeRow } from '../nodes';

export type SiteState =
  /** No such node, or it was deleted (404). */
  | { kind: 'notFound' }
  /** Frozen by an operator: a notice for everyone, the owner included. */
  | { kind: 'frozen'; node: NodeRow; isOwner: boolean }
  /** Paused: visitors read the owner's notice (nodeSuspendInfo). */
  | { kind: 'paused'; node: NodeRow }
  /** Private: the site is the owner's only. */
  | { kind: 'private'; node: NodeRow }
  /** The test-node site, for anyone but the signed-in owner. */
  | { kind: 'testOwnerOnly'; node: NodeRow }
  /** The test-node site for its owner (the site itself comes with the test-node work). */
  | { kind: 'testSite'; node: NodeRow }
  /** The site, with no active theme yet. */
  | { kind: 'noTheme'; node: NodeRow; isOwner: boolean }
  /** The site with its theme. */
  | { kind: 'site'; node: NodeRow; isOwner: boolean };

export function siteStateOf(node: NodeRow | undefined, viewerId: number | null, test: boolean): SiteState {
  if (!node) return { kind: 'notFound' };
  const isOwner = viewerId !== null && viewerId === node.ownerUserId;
  if (isNodeFrozen(node.status)) return { kind: 'frozen', node, isOwner };
  if (test) return isOwner ? { kind: 'testSite', node } : { kind: 'testOwnerOnly', node };
  if (!isOwner && node.visibility === NodeVisibility.Private) return { kind: 'private', node };
  if (!isOwner && node.visibility === NodeVisibility.Paused) return { kind: 'paused', node };
  return node.nodeThemeId === '' ? { kind: 'noTheme', node, isOwner } : { kind: 'site', node, isOwner };
}

/** HTTP status of each state's page. */
export const STATE_STATUS: Record<SiteState['kind'], number> = {
  notFound: 404,
  frozen: 403,
  paused: 503,
  private: 403,
  testOwnerOnly: 403,
  testSite: 200,
  noTheme: 200,
  site: 200,
};
