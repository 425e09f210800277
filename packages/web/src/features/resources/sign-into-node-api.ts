// The sign flow's calls (API.md §3.2, §3.3, §3.11): the caller's nodes, whether a node already
// exhibits the resource, the contracts a node already holds on the resources to license, creating
// the exhibit (the server signs or reuses the node contracts).
import { queryOptions } from '@tanstack/react-query';
import { contractEndpoints } from '@tessera/contract/endpoints/contracts';
import { exhibitEndpoints } from '@tessera/contract/endpoints/exhibits';
import { nodeEndpoints } from '@tessera/contract/endpoints/nodes';
import type { NodeWire } from '@tessera/contract/nodes';
import { ContractStatus, SubjectType } from '@tessera/domain';
import type { ApiClient } from '../../shared/api';

export type OwnNode = NodeWire;

/** A node's owner may exhibit into it unless it is frozen (status bit 4). */
const FROZEN_BIT = 4;
/** A contract's licensee is a node (DOMAIN §5.1, identity 2). */
const NODE_IDENTITY = 2;
const NODES_ASKED = 100;

export const signFlowKeys = {
  nodes: ['nodes', 'own'] as const,
  exhibited: (nodeId: number, resourceId: string) => ['exhibits', 'inNode', nodeId, resourceId] as const,
  held: (nodeId: number, resourceIds: string) => ['contracts', 'heldByNode', nodeId, resourceIds] as const,
};

export const ownNodesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: signFlowKeys.nodes,
    queryFn: async ({ signal }) => {
      const page = await api.call(nodeEndpoints.list, { query: { limit: NODES_ASKED } }, { signal });
      return page.dataList.filter((node) => (node.status & FROZEN_BIT) === 0);
    },
  });

/** The node's exhibit of the resource, or null when it has none. */
export const exhibitInNodeQuery = (api: ApiClient, nodeId: number, resourceId: string) =>
  queryOptions({
    queryKey: signFlowKeys.exhibited(nodeId, resourceId),
    queryFn: ({ signal }) =>
      api.call(
        exhibitEndpoints.detail,
        { query: { nodeId, resourceId, projection: 'presentableId,presentableName' } },
        { signal },
      ),
  });

/** The live (not terminated) contracts the node holds on these resources; the server reuses them. */
export const heldContractsQuery = (api: ApiClient, nodeId: number, resourceIds: readonly string[]) =>
  queryOptions({
    queryKey: signFlowKeys.held(nodeId, resourceIds.join(',')),
    queryFn: async ({ signal }) => {
      const contracts = await api.call(
        contractEndpoints.list,
        {
          query: {
            licenseeId: String(nodeId),
            licenseeIdentityType: NODE_IDENTITY,
            subjectType: SubjectType.Resource,
            subjectIds: resourceIds.join(','),
          },
        },
        { signal },
      );
      return contracts.filter((contract) => contract.status !== ContractStatus.Terminated);
    },
  });

export interface ExhibitChoice {
  nodeId: number;
  resourceId: string;
  version: string;
  presentableName: string;
  /** Per resource (the resource and each base upcast), the chosen policy ids. */
  policies: Record<string, string[]>;
}

export const createExhibit = (api: ApiClient, choice: ExhibitChoice) =>
  api.call(exhibitEndpoints.create, {
    body: {
      nodeId: choice.nodeId,
      resourceId: choice.resourceId,
      version: choice.version || undefined,
      presentableName: choice.presentableName.trim(),
      resolveResources: Object.entries(choice.policies).map(([resourceId, policyIds]) => ({
        resourceId,
        contracts: policyIds.map((policyId) => ({ policyId })),
      })),
    },
  });

/** The exhibit name a resource suggests: its name without the owner's prefix (`bob/星空` → `星空`). */
export const defaultExhibitName = (resourceName: string) => resourceName.slice(resourceName.indexOf('/') + 1);

/** SPEC §5 / DOMAIN §3.4: each resource needs 1–10 enabled policies chosen. */
export const POLICIES_PER_RESOURCE = { min: 1, max: 10 } as const;
