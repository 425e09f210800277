// Node rules shared by the server and the console (DOMAIN §2.16, §3.7, §8; SPEC §5).
import { isNodeDomain } from './validation';

/** DOMAIN §8: the default of the `reservedNodeDomains` setting. */
export const DEFAULT_RESERVED_NODE_DOMAINS: readonly string[] = [
  'www',
  'api',
  'admin',
  'console',
  'user',
  'users',
  'account',
  'accounts',
  'login',
  'logon',
  'logout',
  'register',
  'passport',
  'pay',
  'wallet',
  'node',
  'nodes',
  'test',
  'public',
  'system',
  'group',
  'static',
  'assets',
  'file',
  'files',
  'image',
  'images',
  'cdn',
  'mail',
  'help',
  'docs',
  'blog',
  'support',
  'market',
  'search',
  'storage',
  'activity',
  'activities',
  'tessera',
];

/** DOMAIN §8: the default of the `maxNodesPerUser` setting. */
export const DEFAULT_MAX_NODES_PER_USER = 16;

export const NodeVisibility = { Public: 1, Private: 2, Paused: 8 } as const;
export type NodeVisibility = (typeof NodeVisibility)[keyof typeof NodeVisibility];

/** Status bit flags: 2 normal, + 4 frozen. */
const FROZEN_BIT = 4;
export const isNodeFrozen = (status: number): boolean => (status & FROZEN_BIT) === FROZEN_BIT;

/**
 * Why a node domain cannot be used: 'pattern' (SPEC §5's shape, text `validation.nodeDomain`) or
 * 'reserved' (a reserved word, DOMAIN §8); null when it can.
 */
export function nodeDomainProblem(
  domain: unknown,
  reserved: readonly string[] = DEFAULT_RESERVED_NODE_DOMAINS,
): 'pattern' | 'reserved' | null {
  if (!isNodeDomain(domain)) return 'pattern';
  return reserved.includes(domain as string) ? 'reserved' : null;
}
