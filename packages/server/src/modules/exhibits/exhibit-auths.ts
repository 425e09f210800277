// The exhibit auth chain put together for the rest of the module: the chain over frozen trees, the
// consumer check, and what the management side calls — freezing trees, authStatus for the wire, and
// the two-sided check before an online exhibit switches version.
import { DEFAULT_LANGUAGE, ErrCode, isAuthorizedCode, SubjectType, ContractPartyIdentityType } from '@tessera/domain';
import type { AuthTreeItemWire } from '@tessera/contract/auths';
import { CONTRACT_LIMITS } from '@tessera/contract/contracts';
import { AppError } from '../../platform/errors';
import type { Translator } from '../../platform/messages';
import type { ContractReads, ContractService } from '../contracts';
import type { NodeQueries } from '../nodes';
import type { PolicyCatalog } from '../policies';
import type { ResourceQueries } from '../resources';
import type { VersionTrees } from '../versions';
import { AuthLayers, ExhibitChain, isLoaded } from './chain';
import { ConsumerAuth, type ConsumerContract, type ConsumerContracts } from './consumer-auth';
import { computeFrozenTrees, type FrozenTrees } from './frozen-trees';
import type { ExhibitRepo, PresentableRow, PresentableVersionRow } from './repo';

export type ExhibitAuthNeeds = {
  repo: ExhibitRepo;
  versionTrees: Pick<VersionTrees, 'versionTree' | 'resolvesOf'>;
  resourceQueries: Pick<ResourceQueries, 'rowsByIds'>;
  contractReads: Pick<ContractReads, 'repo' | 'list'>;
  contracts: Pick<ContractService, 'sign'>;
  nodeQueries: Pick<NodeQueries, 'findNode' | 'setActiveTheme'>;
  policies: Pick<PolicyCatalog, 'wiresOf'>;
  translator: Translator;
};

/** The contracts module's reads and consumer signing, as the consumer check needs them. */
function consumerContracts({ contractReads, contracts }: ExhibitAuthNeeds): ConsumerContracts {
  return {
    async heldOn(userId, presentableIds) {
      const held = new Map<string, ConsumerContract[]>();
      for (let at = 0; at < presentableIds.length; at += CONTRACT_LIMITS.idsPerList) {
        const query = {
          subjectIds: presentableIds.slice(at, at + CONTRACT_LIMITS.idsPerList).join(','),
          subjectType: SubjectType.Exhibit,
          licenseeId: String(userId),
          licenseeIdentityType: ContractPartyIdentityType.Consumer,
        };
        for (const view of await contractReads.list(userId, query, DEFAULT_LANGUAGE)) {
          if (!view.contractId || !view.subjectId || view.status === undefined || view.authStatus === undefined)
            continue;
          const contract = {
            contractId: view.contractId,
            policyId: view.policyId ?? '',
            status: view.status,
            authStatus: view.authStatus,
          };
          held.set(view.subjectId, [...(held.get(view.subjectId) ?? []), contract]);
        }
      }
      return held;
    },
    async sign(userId, presentableId, policyId) {
      await contracts.sign(userId, {
        subjectId: presentableId,
        subjectType: SubjectType.Exhibit,
        policyId,
        licenseeId: String(userId),
        licenseeIdentityType: ContractPartyIdentityType.Consumer,
      });
    },
  };
}

export class ExhibitAuths {
  readonly chain: ExhibitChain;
  readonly consumer: ConsumerAuth;
  readonly needs: ExhibitAuthNeeds;

  constructor(needs: ExhibitAuthNeeds) {
    this.needs = needs;
    this.chain = new ExhibitChain({
      trees: needs.versionTrees,
      resources: needs.resourceQueries,
      async standings(contractIds) {
        const rows = contractIds.length === 0 ? [] : await needs.contractReads.repo.findMany(contractIds);
        return new Map(rows.map((row) => [row.contractId, { status: row.status, authStatus: row.authStatus }]));
      },
      translator: needs.translator,
    });
    this.consumer = new ConsumerAuth({
      repo: needs.repo,
      nodes: needs.nodeQueries,
      policies: needs.policies,
      contracts: consumerContracts(needs),
      chain: this.chain,
    });
  }

  /** The frozen trees of (resourceId, version) now (DOMAIN §2.18); errCode 2 when there is no such version. */
  readonly freezeTrees = async (resourceId: string, version: string): Promise<FrozenTrees> => {
    const [row] = await this.needs.resourceQueries.rowsByIds([resourceId]);
    const trees =
      row &&
      (await computeFrozenTrees(
        this.needs.versionTrees,
        row.userId,
        { resourceId, resourceName: row.resourceName, resourceType: JSON.parse(row.resourceType) as string[] },
        version,
      ));
    if (!trees) throw new AppError(ErrCode.Business, 'exhibitAuths.versionNotFound', { resourceId, version });
    return trees;
  };

  /**
   * authStatus of each exhibit (DOMAIN §2.17), by presentableId: three reads whatever the number of
   * exhibits (their versions, the versions their trees name, the contracts those name).
   */
  readonly authStatuses = async (rows: readonly PresentableRow[]): Promise<Map<string, number>> => {
    if (rows.length === 0) return new Map();
    const versions = await this.needs.repo.currentVersions(rows);
    const chains = await this.chain.loadMany(
      rows.map((presentable) => ({ presentable, versionRow: versions.get(presentable.presentableId) })),
    );
    return new Map(rows.map((row, index) => [row.presentableId, this.chain.authStatusOf(chains[index])]));
  };

  /**
   * The auth tree of the exhibit at a chosen version (DOMAIN §3.3): one inner array per resource the
   * node resolves, each item with the node's contracts on it and, below, what each version resolves
   * with its own contracts. The grouping is the frozen tree's; the contracts are the ones named now.
   * Empty when the stored trees do not hold together.
   */
  readonly authTree = async (row: PresentableRow, versionRow: PresentableVersionRow): Promise<AuthTreeItemWire[][]> => {
    const chain = await this.chain.load({ ...row, version: versionRow.version }, versionRow);
    return isLoaded(chain) ? chain.tree.authTree(chain.top) : [];
  };

  /**
   * Refuses (errCode 2, the failed auth result in data) switching an online exhibit to `version` when
   * either auth side would fail on the version's trees as they would be frozen now (DOMAIN §3.4).
   */
  readonly switchCheck = async (row: PresentableRow, version: string): Promise<void> => {
    const trees = await this.freezeTrees(row.resourceId, version);
    const chain = await this.chain.load(
      { ...row, version },
      { dependencyTree: JSON.stringify(trees.dependencyTree), authTree: JSON.stringify(trees.authTree) },
    );
    const verdict = isLoaded(chain) ? await this.chain.check(chain, AuthLayers.Both) : chain;
    if (!isAuthorizedCode(verdict.authCode))
      throw new AppError(ErrCode.Business, 'exhibitAuths.switchRefused', this.chain.result(verdict, DEFAULT_LANGUAGE));
  };
}
