// A consumer's access to a formal exhibit (DOMAIN §5.4): the exhibit and its node, the consumer's own
// licence (free public policies for visitors, automatic signing of a matching free policy for users),
// then the node side and upstream of the exhibit's frozen chain. The first failure is the answer.
import {
  AuthCode,
  contractsVerdict,
  DefaulterIdentityType,
  isAuthorizedCode,
  type ContractStanding,
} from '@tessera/domain';
import type { PolicyWire } from '@tessera/contract/policies';
import { AppError } from '../../platform/errors';
import { isNodeFrozen, type NodeQueries, type NodeRow } from '../nodes';
import type { PolicyCatalog } from '../policies';
import { AuthLayers, isLoaded, type AuthVerdict, type ExhibitChain, type LoadedChain } from './chain';
import type { ExhibitRepo, PresentablePolicyRow, PresentableRow } from './repo';

/** Node visibility (DOMAIN §2.16). */
export const NodeVisibility = { Public: 1, Private: 2, Paused: 8 } as const;

/** A consumer contract on an exhibit as the check needs it. */
export type ConsumerContract = ContractStanding & { contractId: string; policyId: string };

export interface ConsumerContracts {
  /** The contracts `userId` holds on each of the exhibits as a consumer (identity 3), any status, by exhibit. */
  heldOn(userId: number, presentableIds: readonly string[]): Promise<Map<string, ConsumerContract[]>>;
  /** Signs `policyId` of the exhibit for `userId` (the contracts module's consumer signing); throws its refusal. */
  sign(userId: number, presentableId: string, policyId: string): Promise<void>;
}

export type ConsumerAuthDeps = {
  repo: Pick<ExhibitRepo, 'currentVersions' | 'policiesOf'>;
  nodes: Pick<NodeQueries, 'findNode'>;
  policies: Pick<PolicyCatalog, 'wiresOf'>;
  contracts: ConsumerContracts;
  chain: ExhibitChain;
};

/** What a check found: the verdict, and the exhibit, node and chain when it got that far. */
export type ConsumerAuthOutcome = {
  verdict: AuthVerdict;
  presentable?: PresentableRow;
  node?: NodeRow;
  chain?: LoadedChain;
};

/** An exhibit past the gates, its chain still to check. */
type Pending = { index: number; presentable: PresentableRow; node: NodeRow; isOwner: boolean };

const AUDIENCE_MISMATCH = 'contracts.sign.exhibitAudienceMismatch';

export class ConsumerAuth {
  readonly #deps: ConsumerAuthDeps;

  constructor(deps: ConsumerAuthDeps) {
    this.#deps = deps;
  }

  /** The exhibit's auth for `callerId` (null: a visitor) over the layers asked. */
  async check(
    presentable: PresentableRow | undefined,
    callerId: number | null,
    layers: AuthLayers = AuthLayers.Full,
  ): Promise<ConsumerAuthOutcome> {
    const [outcome] = await this.checkMany([presentable], callerId, layers);
    if (!outcome) throw new Error('checkMany answered nothing');
    return outcome;
  }

  /**
   * check() of several exhibits, in the order given, in a constant number of reads whatever their
   * number (their nodes, versions, trees, contracts, policies), plus the signings of free policies the
   * caller is due (DOMAIN §5.4 step 2), one per exhibit that needs one.
   */
  async checkMany(
    presentables: readonly (PresentableRow | undefined)[],
    callerId: number | null,
    layers: AuthLayers = AuthLayers.Full,
  ): Promise<ConsumerAuthOutcome[]> {
    const notFound = { authCode: AuthCode.SubjectNotFound, defaulter: DefaulterIdentityType.Unknown };
    const nodes = await this.#nodesOf(presentables);
    const pending: Pending[] = [];
    const outcomes = presentables.map((presentable, index): ConsumerAuthOutcome | undefined => {
      if (!presentable) return { verdict: notFound };
      const node = nodes.get(presentable.nodeId);
      if (!node) return { verdict: notFound, presentable };
      const isOwner = callerId === node.ownerUserId;
      // An offline exhibit is its owner's secret (as in every exhibit read): to anyone else it is unknown.
      if (!isOwner && presentable.onlineStatus !== 1) return { verdict: notFound };
      // The node side and upstream alone (the console's batch) ask about an offline exhibit too.
      const gate =
        layers === AuthLayers.Full ? (nodeGate(node, isOwner) ?? onlineGate(presentable)) : frozenNodeGate(node);
      if (gate) return { presentable, node, verdict: gate };
      pending.push({ index, presentable, node, isOwner });
      return undefined;
    });

    const versions = await this.#deps.repo.currentVersions(pending.map((item) => item.presentable));
    const chains = await this.#deps.chain.loadMany(
      pending.map(({ presentable }) => ({ presentable, versionRow: versions.get(presentable.presentableId) })),
    );
    const loaded = chains.filter(isLoaded);
    const frozen = await this.#deps.chain.frozenResources(loaded);
    const reachable = pending.filter((item, position) => {
      const chain = chains[position];
      return chain !== undefined && isLoaded(chain) && !frozen.has(item.presentable.presentableId);
    });
    const consumers =
      layers === AuthLayers.Full ? await this.#consumerSides(reachable, callerId) : new Map<string, AuthVerdict>();
    const chainLayers = layers === AuthLayers.Full ? AuthLayers.Both : layers;

    pending.forEach(({ index, presentable, node }, position) => {
      const chain = chains[position];
      if (!chain) throw new Error('loadMany answered too few chains');
      const found = { presentable, node };
      if (!isLoaded(chain)) {
        outcomes[index] = { ...found, verdict: chain };
        return;
      }
      const frozenVerdict = frozen.get(presentable.presentableId);
      const consumer = consumers.get(presentable.presentableId);
      const sides = frozenVerdict ?? (consumer && !isAuthorizedCode(consumer.authCode) ? consumer : undefined);
      if (sides) {
        outcomes[index] = { ...found, chain, verdict: sides };
        return;
      }
      const verdict = this.#deps.chain.sides(chain, chainLayers);
      outcomes[index] = {
        ...found,
        chain,
        verdict: isAuthorizedCode(verdict.authCode) ? (consumer ?? verdict) : verdict,
      };
    });
    return outcomes.map((outcome) => {
      if (!outcome) throw new Error('an exhibit was left unchecked');
      return outcome;
    });
  }

  async #nodesOf(presentables: readonly (PresentableRow | undefined)[]): Promise<Map<number, NodeRow | undefined>> {
    const ids = [...new Set(presentables.flatMap((row) => (row ? [row.nodeId] : [])))];
    return new Map(await Promise.all(ids.map(async (id) => [id, await this.#deps.nodes.findNode(id)] as const)));
  }

  /** DOMAIN §5.4 step 2 for each exhibit, by presentableId: its policies, their texts and the caller's contracts read once. */
  async #consumerSides(items: readonly Pending[], callerId: number | null): Promise<Map<string, AuthVerdict>> {
    const verdicts = new Map<string, AuthVerdict>();
    const owned = { authCode: AuthCode.ContractAuthorized, defaulter: DefaulterIdentityType.Nobody };
    for (const item of items) if (item.isOwner) verdicts.set(item.presentable.presentableId, owned);
    const others = items.filter((item) => !item.isOwner).map((item) => item.presentable);
    if (others.length === 0) return verdicts;
    const ids = others.map((row) => row.presentableId);
    const bindings = (await this.#deps.repo.policiesOf(ids)).filter((row) => row.status === 1);
    const wires = await this.#deps.policies.wiresOf([...new Set(bindings.map((row) => row.policyId))], {
      isTranslate: false,
      language: 'zh_CN',
    });
    const held =
      callerId === null ? new Map<string, ConsumerContract[]>() : await this.#deps.contracts.heldOn(callerId, ids);
    for (const presentable of others) {
      const own = bindings.filter((row) => row.presentableId === presentable.presentableId);
      const contracts = held.get(presentable.presentableId) ?? [];
      verdicts.set(presentable.presentableId, await this.#consumerSide(presentable, callerId, own, wires, contracts));
    }
    return verdicts;
  }

  async #consumerSide(
    presentable: PresentableRow,
    callerId: number | null,
    bindings: readonly PresentablePolicyRow[],
    wires: ReadonlyMap<string, PolicyWire>,
    contracts: readonly ConsumerContract[],
  ): Promise<AuthVerdict> {
    const free = bindings.filter((row) => wires.get(row.policyId)?.isFree === 1);
    const policies = bindings.map((row) => policyData(row, wires.get(row.policyId)));
    const consumerFailure = (authCode: AuthCode, data: Record<string, unknown>): AuthVerdict => ({
      authCode,
      defaulter: DefaulterIdentityType.Consumer,
      data: { presentableId: presentable.presentableId, presentableName: presentable.presentableName, ...data },
    });

    if (callerId === null) {
      const open = free.some((row) => audiencesOf(wires.get(row.policyId)).includes('public'));
      if (open) return { authCode: AuthCode.FreePolicyAuthorized, defaulter: DefaulterIdentityType.Nobody };
      return consumerFailure(AuthCode.UserNotLoggedIn, { policies });
    }

    const held = contractsVerdict(contracts, AuthCode.ContractNotFound);
    if (isAuthorizedCode(held)) return { authCode: held, defaulter: DefaulterIdentityType.Nobody };
    const contractData = contracts.map(({ contractId, policyId, status, authStatus }) => ({
      contractId,
      policyId,
      status,
      authStatus,
    }));
    if (held === AuthCode.ContractUnauthorized || held === AuthCode.ContractException)
      return consumerFailure(held, { policies, contracts: contractData });

    // None, or only terminated ones: a free policy his audience matches is signed for him now.
    let signingFailed = false;
    for (const row of free) {
      try {
        await this.#deps.contracts.sign(callerId, presentable.presentableId, row.policyId);
        return { authCode: AuthCode.ContractAuthorized, defaulter: DefaulterIdentityType.Nobody };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.messageKey !== AUDIENCE_MISMATCH) signingFailed = true;
      }
    }
    if (signingFailed) return consumerFailure(AuthCode.SignPreconditionFailed, { policies, contracts: contractData });
    if (free.length > 0) return consumerFailure(AuthCode.PolicyAuthFailed, { policies, contracts: contractData });
    return consumerFailure(held, { policies, contracts: contractData });
  }
}

/** The node's own state (DOMAIN §3.7, §5.4): frozen for everyone, paused or private for all but its owner. */
function nodeGate(node: NodeRow, isOwner: boolean): AuthVerdict | undefined {
  const frozen = frozenNodeGate(node);
  if (frozen || isOwner) return frozen;
  const data = { nodeId: node.nodeId, nodeName: node.nodeName };
  if (node.visibility === NodeVisibility.Paused)
    return {
      authCode: AuthCode.LicensorException,
      defaulter: DefaulterIdentityType.Node,
      data: { ...data, nodeSuspendInfo: node.nodeSuspendInfo },
    };
  if (node.visibility === NodeVisibility.Private)
    return { authCode: AuthCode.UserUnauthorized, defaulter: DefaulterIdentityType.Consumer, data };
  return undefined;
}

function frozenNodeGate(node: NodeRow): AuthVerdict | undefined {
  if (!isNodeFrozen(node)) return undefined;
  const data = { nodeId: node.nodeId, nodeName: node.nodeName };
  return { authCode: AuthCode.LicensorException, defaulter: DefaulterIdentityType.Node, data };
}

function onlineGate(presentable: PresentableRow): AuthVerdict | undefined {
  if (presentable.onlineStatus === 1) return undefined;
  return {
    authCode: AuthCode.SubjectNotOnline,
    defaulter: DefaulterIdentityType.Node,
    data: { presentableId: presentable.presentableId, presentableName: presentable.presentableName },
  };
}

const audiencesOf = (wire: PolicyWire | undefined): string[] =>
  wire?.fsmDeclarationInfo.audiences.map((audience) => audience.type) ?? [];

function policyData(row: PresentablePolicyRow, wire: PolicyWire | undefined) {
  return {
    policyId: row.policyId,
    policyName: row.policyName,
    status: row.status,
    isFree: wire?.isFree ?? 0,
    audiences: wire?.fsmDeclarationInfo.audiences ?? [],
  };
}
