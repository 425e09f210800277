// The resource auth answers (DOMAIN §3.3, §5.2, §5.3, §5.6, §5.8): the auth tree of a version, the
// relation tree with its flags, batch results over versions' upstreams, and a licensee's result on a
// resource. Trees come from the versions module, contracts from the contracts module.
import {
  AuthCode,
  AuthReferee,
  contractsVerdict,
  DefaulterIdentityType,
  ErrCode,
  isAuthorizedCode,
  type ContractStanding,
  type Language,
} from '@tessera/domain';
import type {
  AuthResultWire,
  AuthTreeItemWire,
  AuthVersionQuery,
  BatchAuthQuery,
  BatchAuthResultWire,
  LicenseeAuthQuery,
  RelationTreeAuthNodeWire,
} from '@tessera/contract/auths';
import { AUTH_LIMITS } from '@tessera/contract/auths';
import { AppError, badParam } from '../../platform/errors';
import type { MessageParams, Translator } from '../../platform/messages';
import { isVisibleTo, resourceNotFound, type ResourceQueries, type ResourceRow } from '../resources';
import { upcastNodesBelow, type DependencyTreeNode, type RelationNode, type VersionTrees } from '../versions';
import { groupVerdict, ResolvedTree, type FailedGroup } from './chain';

/** A contract as the checks need it. */
export type ContractFacts = ContractStanding & { contractId: string; policyId: string };

/** What the auth checks read of contracts (the contracts module, wired in index.ts). */
export interface AuthContracts {
  /** The contracts with these ids, whoever the parties: what versions' resolveResources name. */
  byIds(contractIds: readonly string[]): Promise<ContractFacts[]>;
  /** The contracts a resource of the caller holds on a resource, any status. */
  heldByResource(callerId: number, subjectId: string, licenseeId: string): Promise<ContractFacts[]>;
  /** The contracts the caller is a party to on a resource, whichever of its resources, nodes or itself signed. */
  heldByCaller(callerId: number, subjectId: string): Promise<ContractFacts[]>;
}

export type AuthServiceDeps = {
  trees: Pick<VersionTrees, 'versionTree' | 'relationTreeOf'>;
  resources: Pick<ResourceQueries, 'rowsByIds'>;
  contracts: AuthContracts;
  translator: Translator;
};

type Standings = ReadonlyMap<string, ContractStanding>;

const listOf = (text: string | undefined): string[] | undefined =>
  text === undefined ? undefined : text.split(',').map((entry) => entry.trim());

export class AuthService {
  readonly #deps: AuthServiceDeps;

  constructor(deps: AuthServiceDeps) {
    this.#deps = deps;
  }

  async #standings(tree: ResolvedTree): Promise<Standings> {
    const rows = await this.#deps.contracts.byIds(tree.contractIds());
    return new Map(rows.map((row) => [row.contractId, row]));
  }

  async #tree(callerId: number, resourceId: string, query: AuthVersionQuery): Promise<ResolvedTree | undefined> {
    const root = await this.#deps.trees.versionTree(callerId, resourceId, query);
    return root ? new ResolvedTree(root) : undefined;
  }

  #result(
    authCode: AuthCode,
    language: Language,
    data: Record<string, unknown> | null = null,
    message?: { key: string; params: MessageParams },
  ): AuthResultWire {
    const isAuth = isAuthorizedCode(authCode);
    const translator = this.#deps.translator;
    const reason = translator.translate(`auths.code.${authCode}`, language);
    return {
      referee: AuthReferee.Resource,
      authCode,
      isAuth,
      defaulterIdentityType: defaulterOf(authCode),
      errorMsg: isAuth
        ? ''
        : message
          ? translator.translate(message.key, language, { ...message.params, reason })
          : reason,
      data,
    };
  }

  /** DOMAIN §5.6: the root version's upstream; 203 when it resolves nothing of its tree. */
  #upstreamResult(tree: ResolvedTree, standings: Standings, language: Language): AuthResultWire {
    const failure = tree.firstUpstreamFailure(standings);
    if (failure) return this.#upstreamFailure(failure, language);
    return this.#result(tree.resolvesAnything() ? AuthCode.ContractAuthorized : AuthCode.DefaultAuthorized, language);
  }

  #upstreamFailure({ resolver, resolve, authCode }: FailedGroup, language: Language): AuthResultWire {
    const data = {
      resourceId: resolver.resourceId,
      resourceName: resolver.resourceName,
      version: resolver.version,
      versionId: resolver.versionId,
      subjectId: resolve.resourceId,
      subjectName: resolve.resourceName,
      contracts: resolve.contracts,
    };
    const params = { licensee: resolver.resourceName, version: resolver.version, subject: resolve.resourceName };
    return this.#result(authCode, language, data, { key: 'auths.upstream', params });
  }

  /** `GET /v2/resources/{id}/authTree`: the root version's groups (empty when it has no such version). */
  async authTree(callerId: number, resourceId: string, query: AuthVersionQuery): Promise<AuthTreeItemWire[][]> {
    return (await this.#tree(callerId, resourceId, query))?.authTree() ?? [];
  }

  /** `GET /v2/auths/resources/batchAuth/results`: each version's own upstream (DOMAIN §5.6). */
  async batchAuth(callerId: number, query: BatchAuthQuery): Promise<BatchAuthResultWire[]> {
    const resourceIds = query.resourceIds.split(',').map((id) => id.trim());
    if (resourceIds.length > AUTH_LIMITS.resourcesPerBatch || resourceIds.some((id) => !/^[0-9a-f]{24}$/.test(id)))
      throw badParam('resourceIds', 'pattern', 'errors.param.invalid');
    if (query.versions !== undefined && query.versionRanges !== undefined)
      throw badParam('versionRanges', 'oneOf', 'auths.param.oneOf');
    const versions = listOf(query.versions);
    const ranges = listOf(query.versionRanges);
    const field = versions ? 'versions' : 'versionRanges';
    if ((versions ?? ranges ?? resourceIds).length !== resourceIds.length)
      throw badParam(field, 'sameLength', 'auths.param.sameLength');
    const rows = new Map((await this.#deps.resources.rowsByIds(resourceIds)).map((row) => [row.resourceId, row]));
    const results: BatchAuthResultWire[] = [];
    for (const [index, resourceId] of resourceIds.entries()) {
      const row = rows.get(resourceId);
      if (!row || !isVisibleTo(row, callerId)) throw resourceNotFound();
      if (row.latestVersion === '') continue;
      const wanted = { version: versions?.[index], versionRange: ranges?.[index] };
      const tree = await this.#checkedTree(callerId, row, wanted);
      const isAuth = tree.firstUpstreamFailure(await this.#standings(tree)) === undefined;
      results.push({ resourceId, resourceName: row.resourceName, version: tree.root.version, isAuth });
    }
    return results;
  }

  /** The tree of the version asked; a version or range the resource does not have is errCode 2. */
  async #checkedTree(callerId: number, row: ResourceRow, query: AuthVersionQuery): Promise<ResolvedTree> {
    const tree = await this.#tree(callerId, row.resourceId, query);
    if (tree) return tree;
    const asked = query.version ?? query.versionRange ?? '';
    throw new AppError(
      ErrCode.Business,
      'auths.versionNotFound',
      { resourceId: row.resourceId, version: asked },
      {
        name: row.resourceName,
      },
    );
  }

  /**
   * Whether the caller holds a contract on the resource that authorises it (DOMAIN §5.3's verdict over
   * its contracts, whichever of its identities signed): the resource alone, not its upstream.
   */
  async holdsAuthorizedContract(callerId: number, resourceId: string): Promise<boolean> {
    const held = await this.#deps.contracts.heldByCaller(callerId, resourceId);
    return isAuthorizedCode(contractsVerdict(held, AuthCode.ContractNotFound));
  }

  /**
   * `GET /v2/auths/resources/{id}/relationTreeAuth`: the relation tree (resource → dependencies → their
   * upcasts) with, per node, the root version's contracts on it and whether its own upstream holds.
   */
  async relationTreeAuth(
    callerId: number,
    resourceId: string,
    query: AuthVersionQuery,
  ): Promise<RelationTreeAuthNodeWire[]> {
    const tree = await this.#tree(callerId, resourceId, query);
    if (!tree) return [];
    const relationRoot = await this.#deps.trees.relationTreeOf(tree.root);
    const standings = await this.#standings(tree);
    const { root } = tree;
    const upstreamHolds = (nodes: DependencyTreeNode[]) =>
      nodes.every((node) => tree.firstUpstreamFailure(standings, node) === undefined);
    const downstream = (id: string) => {
      const resolve = root.resolveResources.find((entry) => entry.resourceId === id);
      return {
        // What the root upcasts is its licensees' to license: nothing to hold here.
        downstreamIsAuth: !resolve || isAuthorizedCode(groupVerdict(resolve, standings)),
        downstreamAuthContractIds: resolve?.contracts.map((contract) => contract.contractId) ?? [],
      };
    };
    const dependencyNode = (relation: RelationNode): RelationTreeAuthNodeWire => {
      const node = root.dependencies.find((entry) => entry.resourceId === relation.resourceId);
      // An upcast's versions below this dependency that reach the root: the versions its relation node shows.
      const upcastNode = (upcast: RelationNode): RelationTreeAuthNodeWire => ({
        ...upcast,
        ...downstream(upcast.resourceId),
        selfAndUpstreamIsAuth: upstreamHolds(node ? upcastNodesBelow(node, upcast.resourceId) : []),
        children: [],
      });
      return {
        ...relation,
        ...downstream(relation.resourceId),
        selfAndUpstreamIsAuth: upstreamHolds(node ? [node] : []),
        children: relation.children.map(upcastNode),
      };
    };
    return [
      {
        ...relationRoot,
        downstreamIsAuth: true,
        downstreamAuthContractIds: [],
        selfAndUpstreamIsAuth: tree.firstUpstreamFailure(standings) === undefined,
        children: relationRoot.children.map(dependencyNode),
      },
    ];
  }

  /**
   * `GET /v2/auths/resources/{id}/result?licenseeId` (DOMAIN §5.8): the owner of the licensee resource
   * asks whether it holds an authorised contract on the resource, then whether the resource's own
   * upstream is authorised. errCode 3 when the licensee is not a resource of the caller.
   */
  async licenseeResult(
    callerId: number,
    subjectId: string,
    query: LicenseeAuthQuery,
    language: Language,
  ): Promise<AuthResultWire> {
    const rows = new Map(
      (await this.#deps.resources.rowsByIds([subjectId, query.licenseeId])).map((row) => [row.resourceId, row]),
    );
    const licensee = rows.get(query.licenseeId);
    if (licensee?.userId !== callerId) throw new AppError(ErrCode.Forbidden, 'auths.notYourLicensee');
    const subject = rows.get(subjectId);
    if (!subject || !isVisibleTo(subject, callerId)) return this.#result(AuthCode.SubjectNotFound, language);
    if (subject.isFrozen) return this.#result(AuthCode.SubjectException, language, { resourceId: subjectId });

    const held = await this.#deps.contracts.heldByResource(callerId, subjectId, licensee.resourceId);
    const heldCode = contractsVerdict(held, AuthCode.ContractNotFound);
    if (!isAuthorizedCode(heldCode)) {
      const data = {
        licenseeId: licensee.resourceId,
        licenseeName: licensee.resourceName,
        subjectId,
        subjectName: subject.resourceName,
        contracts: held.map(({ contractId, policyId, status, authStatus }) => ({
          contractId,
          policyId,
          status,
          authStatus,
        })),
      };
      const params = { licensee: licensee.resourceName, subject: subject.resourceName };
      return this.#result(heldCode, language, data, { key: 'auths.licensee', params });
    }

    const tree = await this.#tree(callerId, subjectId, { version: query.version });
    if (!tree)
      return this.#result(AuthCode.AuthArgumentError, language, {
        resourceId: subjectId,
        version: query.version ?? '',
      });
    return this.#upstreamResult(tree, await this.#standings(tree), language);
  }
}

/** Contract failures are a resource owner's to fix (DOMAIN §5.2); a missing or frozen subject is nobody's known. */
function defaulterOf(authCode: AuthCode): DefaulterIdentityType {
  if (isAuthorizedCode(authCode)) return DefaulterIdentityType.Nobody;
  return authCode >= 300 && authCode < 400 ? DefaulterIdentityType.Resource : DefaulterIdentityType.Unknown;
}
