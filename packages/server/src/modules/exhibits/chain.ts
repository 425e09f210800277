// The node side (DOMAIN §5.5) and upstream (§5.6) of an exhibit's authorisation chain, over the trees
// frozen when its version was chosen and the contracts as they stand now: auth results (§5.2) with the
// codes of §5.3, and the authStatus bits the exhibit's wire carries (§2.17).
import {
  AuthCode,
  AuthReferee,
  DefaulterIdentityType,
  isAuthorizedCode,
  type ContractStanding,
  type Language,
} from '@tessera/domain';
import type { AuthResultWire } from '@tessera/contract/auths';
import type { MessageParams, Translator } from '../../platform/messages';
import { groupVerdict, ResolvedTree, type FailedGroup, type ResolveEntry } from '../auths';
import type { ResourceQueries } from '../resources';
import type { DependencyTreeNode, VersionTrees } from '../versions';
import { parseFrozen, thawTree, versionIdsOf, type FrozenAuthNode, type FrozenDependencyNode } from './frozen-trees';
import type { PresentableRow, PresentableVersionRow } from './repo';

/** Which layers a check covers (the batch calls' authType): 1 node side, 2 upstream, 3 both, 4 with the consumer. */
export const AuthLayers = { NodeSide: 1, Upstream: 2, Both: 3, Full: 4 } as const;
export type AuthLayers = (typeof AuthLayers)[keyof typeof AuthLayers];

/** authStatus bits of an exhibit (DOMAIN §2.17). */
export const ExhibitAuthStatus = {
  NodeSideFailed: 1,
  UpstreamFailed: 2,
  NodeSidePassed: 4,
  UpstreamPassed: 8,
} as const;

export type ChainSources = {
  trees: Pick<VersionTrees, 'resolvesOf'>;
  resources: Pick<ResourceQueries, 'rowsByIds'>;
  /** The contracts with these ids as they stand now; missing ones are left out. */
  standings(contractIds: readonly string[]): Promise<Map<string, ContractStanding>>;
  translator: Translator;
};

/** An exhibit's chain ready to check: the node on top of its thawed tree, and the contracts it names. */
export type LoadedChain = {
  presentable: PresentableRow;
  /** The node as the licensee at the top: it resolves the resource and its base upcasts. */
  top: DependencyTreeNode;
  /** The exhibited resource version, the node's only child. */
  root: DependencyTreeNode;
  tree: ResolvedTree;
  dependencyTree: FrozenDependencyNode[];
  authTree: FrozenAuthNode[];
  standings: Map<string, ContractStanding>;
};

/** A result before translation: the code, who must act, what the client needs, and the message to show. */
export type AuthVerdict = {
  authCode: AuthCode;
  defaulter: DefaulterIdentityType;
  data?: Record<string, unknown> | null;
  message?: { key: string; params: MessageParams };
};

const TOP_NID = '';

export class ExhibitChain {
  readonly #sources: ChainSources;

  constructor(sources: ChainSources) {
    this.#sources = sources;
  }

  /** The exhibit's chain at its version, or 902 when the stored trees do not hold together. */
  async load(
    presentable: PresentableRow,
    versionRow: Pick<PresentableVersionRow, 'dependencyTree' | 'authTree'> | undefined,
  ): Promise<LoadedChain | AuthVerdict> {
    const [chain] = await this.loadMany([{ presentable, versionRow }]);
    if (!chain) throw new Error('loadMany answered nothing');
    return chain;
  }

  /**
   * The chains of several exhibits, in the order given, in a constant number of reads: the versions'
   * resolveResources of every tree at once, then every contract they name at once.
   */
  async loadMany(
    items: readonly {
      presentable: PresentableRow;
      versionRow: Pick<PresentableVersionRow, 'dependencyTree' | 'authTree'> | undefined;
    }[],
  ): Promise<(LoadedChain | AuthVerdict)[]> {
    const parsed = items.map(({ presentable, versionRow }) => {
      const dependencyTree = versionRow ? parseFrozen<FrozenDependencyNode>(versionRow.dependencyTree) : [];
      const authTree = versionRow ? parseFrozen<FrozenAuthNode>(versionRow.authTree) : [];
      return { presentable, hasVersion: versionRow !== undefined, dependencyTree, authTree };
    });
    const versionIds = [...new Set(parsed.flatMap((item) => versionIdsOf(item.dependencyTree)))];
    const resolves = versionIds.length > 0 ? await this.#sources.trees.resolvesOf(versionIds) : new Map();
    const built = parsed.map(({ presentable, hasVersion, dependencyTree, authTree }) => {
      const inconsistent: AuthVerdict = {
        authCode: AuthCode.AuthDataValidationFailed,
        defaulter: DefaulterIdentityType.Unknown,
        data: { presentableId: presentable.presentableId, version: presentable.version },
      };
      if (!hasVersion || versionIdsOf(dependencyTree).some((versionId) => !resolves.has(versionId)))
        return inconsistent;
      const root = thawTree(dependencyTree, resolves);
      if (!root) return inconsistent;
      const top: DependencyTreeNode = {
        ...root,
        nid: TOP_NID,
        versionRange: '',
        resolveResources: parseFrozen<ResolveEntry>(presentable.resolveResources),
        dependencies: [root],
      };
      return { presentable, top, root, tree: new ResolvedTree(top), dependencyTree, authTree };
    });
    const contractIds = new Set(built.flatMap((chain) => ('tree' in chain ? chain.tree.contractIds() : [])));
    const standings = await this.#sources.standings([...contractIds]);
    return built.map((chain) => ('tree' in chain ? { ...chain, standings } : chain));
  }

  /** 403 when a resource of the auth tree is frozen (DOMAIN §3.4, §5.4). */
  async frozenResource(chain: LoadedChain): Promise<AuthVerdict | undefined> {
    return (await this.frozenResources([chain])).get(chain.presentable.presentableId);
  }

  /** frozenResource of several chains in one read, by presentableId (only the failing ones). */
  async frozenResources(chains: readonly LoadedChain[]): Promise<Map<string, AuthVerdict>> {
    const idsOf = (chain: LoadedChain) => [chain.root.resourceId, ...chain.authTree.map((node) => node.resourceId)];
    const ids = [...new Set(chains.flatMap(idsOf))];
    const frozen = new Map(
      (ids.length === 0 ? [] : await this.#sources.resources.rowsByIds(ids))
        .filter((row) => row.isFrozen)
        .map((row) => [row.resourceId, row]),
    );
    const verdicts = new Map<string, AuthVerdict>();
    for (const chain of chains) {
      const row = idsOf(chain)
        .map((id) => frozen.get(id))
        .find((found) => found !== undefined);
      if (row)
        verdicts.set(chain.presentable.presentableId, {
          authCode: AuthCode.SubjectException,
          defaulter: DefaulterIdentityType.Resource,
          data: { resourceId: row.resourceId, resourceName: row.resourceName },
          message: { key: 'exhibitAuths.resourceFrozen', params: { resource: row.resourceName } },
        });
    }
    return verdicts;
  }

  /** DOMAIN §5.5: each resource the node resolves in the frozen tree needs an authorised contract. */
  nodeSide(chain: LoadedChain): AuthVerdict {
    const { top, root } = chain;
    if (!top.resolveResources.some((entry) => entry.resourceId === root.resourceId)) {
      const resolve = { resourceId: root.resourceId, resourceName: root.resourceName, contracts: [] };
      return nodeSideFailure(chain, { resolver: top, resolve, nodes: [root], authCode: AuthCode.ContractIncomplete });
    }
    for (const group of chain.tree.groupsOf(chain.top)) {
      const authCode = groupVerdict(group.resolve, chain.standings);
      if (!isAuthorizedCode(authCode)) return nodeSideFailure(chain, { ...group, authCode });
    }
    return { authCode: AuthCode.ContractAuthorized, defaulter: DefaulterIdentityType.Nobody };
  }

  /** DOMAIN §5.6 below the exhibited version; 203 when nothing below it is resolved. */
  upstream(chain: LoadedChain): AuthVerdict {
    const failure = chain.tree.firstUpstreamFailure(chain.standings, chain.root);
    if (failure) return upstreamFailure(failure);
    const authCode = chain.tree.resolvesAnything(chain.root) ? AuthCode.ContractAuthorized : AuthCode.DefaultAuthorized;
    return { authCode, defaulter: DefaulterIdentityType.Nobody };
  }

  /** The layers asked, in order (frozen resources, node side, upstream); the first failure is the answer. */
  async check(chain: LoadedChain, layers: AuthLayers): Promise<AuthVerdict> {
    return (await this.frozenResource(chain)) ?? this.sides(chain, layers);
  }

  /** The node side and upstream asked, on a chain whose resources are known not to be frozen. */
  sides(chain: LoadedChain, layers: AuthLayers): AuthVerdict {
    const wantsNodeSide = layers !== AuthLayers.Upstream;
    const wantsUpstream = layers !== AuthLayers.NodeSide;
    const nodeSide = wantsNodeSide ? this.nodeSide(chain) : undefined;
    if (nodeSide && !isAuthorizedCode(nodeSide.authCode)) return nodeSide;
    const upstream = wantsUpstream ? this.upstream(chain) : undefined;
    if (upstream && !isAuthorizedCode(upstream.authCode)) return upstream;
    return nodeSide ?? upstream ?? { authCode: AuthCode.DefaultAuthorized, defaulter: DefaulterIdentityType.Nobody };
  }

  /** The exhibit's authStatus bits (DOMAIN §2.17): each side passed or failed; 0 when its trees do not hold. */
  authStatusOf(chain: LoadedChain | AuthVerdict | undefined): number {
    if (!chain || !isLoaded(chain)) return 0;
    const nodeSide = isAuthorizedCode(this.nodeSide(chain).authCode)
      ? ExhibitAuthStatus.NodeSidePassed
      : ExhibitAuthStatus.NodeSideFailed;
    const upstream = isAuthorizedCode(this.upstream(chain).authCode)
      ? ExhibitAuthStatus.UpstreamPassed
      : ExhibitAuthStatus.UpstreamFailed;
    return nodeSide | upstream;
  }

  /** The wire form of a verdict (DOMAIN §5.2), its message in the caller's language. */
  result(verdict: AuthVerdict, language: Language): AuthResultWire {
    const isAuth = isAuthorizedCode(verdict.authCode);
    const translator = this.#sources.translator;
    const reason = translator.translate(`exhibitAuths.code.${verdict.authCode}`, language);
    const message = verdict.message;
    return {
      referee: AuthReferee.Exhibit,
      authCode: verdict.authCode,
      isAuth,
      defaulterIdentityType: isAuth ? DefaulterIdentityType.Nobody : verdict.defaulter,
      errorMsg: isAuth
        ? ''
        : message
          ? translator.translate(message.key, language, { ...message.params, reason })
          : reason,
      data: verdict.data ?? null,
    };
  }
}

export const isLoaded = (chain: LoadedChain | AuthVerdict): chain is LoadedChain => 'tree' in chain;

function nodeSideFailure(chain: LoadedChain, { resolve, authCode }: FailedGroup): AuthVerdict {
  return {
    authCode,
    defaulter: DefaulterIdentityType.Node,
    data: {
      nodeId: chain.presentable.nodeId,
      presentableId: chain.presentable.presentableId,
      subjectId: resolve.resourceId,
      subjectName: resolve.resourceName,
      contracts: resolve.contracts,
    },
    message: { key: 'exhibitAuths.nodeSide', params: { subject: resolve.resourceName } },
  };
}

function upstreamFailure({ resolver, resolve, authCode }: FailedGroup): AuthVerdict {
  return {
    authCode,
    defaulter: DefaulterIdentityType.Resource,
    data: {
      resourceId: resolver.resourceId,
      resourceName: resolver.resourceName,
      version: resolver.version,
      versionId: resolver.versionId,
      subjectId: resolve.resourceId,
      subjectName: resolve.resourceName,
      contracts: resolve.contracts,
    },
    message: {
      key: 'exhibitAuths.upstream',
      params: { licensee: resolver.resourceName, version: resolver.version, subject: resolve.resourceName },
    },
  };
}
