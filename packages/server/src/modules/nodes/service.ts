// Nodes (DOMAIN §2.16, §3.7): creation under the per-user limit, the owner's lists and edits, the
// public search, soft deletion (the exhibits go offline through the nodeDeleted port), freezing by
// administrators and operators. Deleted nodes are "not found" everywhere, but their name and domain
// stay taken for ever.
import type { Page } from '@tessera/domain';
import { ErrCode } from '@tessera/domain';
import type {
  CreateNodeBody,
  FreezeNodeBody,
  NodeDetailQuery,
  NodeFreezeInfoWire,
  NodeListQuery,
  NodeView,
  NodeWire,
  SetNodeInfoBody,
} from '@tessera/contract/nodes';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/constraints';
import { AppError, badParam } from '../../platform/errors';
import type { LimitLocks } from '../../platform/limits/locks';
import type { PortList } from '../../platform/modules';
import { projected, projectionFields } from '../../platform/projection';
import type { IdentityService } from '../identity';
import { NodeInputs } from './inputs';
import { isNodeFrozen, NODE_FROZEN_FLAG, type NodeQueries } from './queries';
import type { FrozenFilter, NodePage, NodeRepo, NodeRow } from './repo';
import { NODE_FIELDS, nodeWire, type NodeSiteSettings } from './views';

/** Told of a node its owner deleted, inside the deletion's transaction (exhibits go offline). */
export type NodeDeletedListener = { nodeDeleted(nodeId: number, db: Db): Promise<void> };

export const NodeVisibility = { Public: 1, Private: 2, Paused: 8 } as const;
/** The status of a new, unfrozen node. */
const NORMAL_STATUS = 2;

export type NodeSettings = NodeSiteSettings & {
  maxNodesPerUser: number;
  reservedNodeDomains: readonly string[];
  adminUserIds: readonly number[];
};

/** Who freezes: an administrator through the API, or an operator on the command line. */
export type FreezeActor = { userId: number } | 'operator';

export type NodeServiceDeps = {
  repo: NodeRepo;
  queries: NodeQueries;
  users: Pick<IdentityService, 'findUser'>;
  clock: Clock;
  settings: NodeSettings;
  /** The per-user node limit is checked and written under the user's lock. */
  locks: LimitLocks;
  deleted: PortList<NodeDeletedListener>;
};

/** The lock a user's node count is checked and written under. */
const nodesSubject = (userId: number): string => `nodes:user:${userId}`;

/** `status` of the list query: 0 or absent for all, otherwise the frozen bit (4) says which. */
function frozenFilterOf(status: number | undefined): FrozenFilter {
  if (!status) return 'any';
  return (status & NODE_FROZEN_FLAG) === NODE_FROZEN_FLAG ? 'frozen' : 'normal';
}

function keywordsOf(text: string | undefined): string[] {
  return (text ?? '').split(/\s+/).filter((word) => word !== '');
}

export class NodeService {
  readonly #repo: NodeRepo;
  readonly #queries: NodeQueries;
  readonly #users: Pick<IdentityService, 'findUser'>;
  readonly #clock: Clock;
  readonly #settings: NodeSettings;
  readonly #locks: LimitLocks;
  readonly #deleted: PortList<NodeDeletedListener>;

  constructor({ repo, queries, users, clock, settings, locks, deleted }: NodeServiceDeps) {
    this.#repo = repo;
    this.#queries = queries;
    this.#users = users;
    this.#clock = clock;
    this.#settings = settings;
    this.#locks = locks;
    this.#deleted = deleted;
  }

  // ── creating ──

  async createNode(userId: number, body: CreateNodeBody): Promise<NodeWire> {
    const inputs = new NodeInputs();
    const nodeName = inputs.nodeName(body.nodeName);
    const nodeDomain = inputs.nodeDomain(body.nodeDomain);
    const nodeTitle = inputs.text('nodeTitle', body.nodeTitle ?? '');
    inputs.check();
    if (this.#settings.reservedNodeDomains.includes(nodeDomain))
      throw new AppError(ErrCode.Business, 'nodes.domainReserved', { nodeDomain });
    const owner = await this.#users.findUser(userId);
    if (!owner) throw new AppError(ErrCode.NotLoggedIn, 'errors.notLoggedIn');
    const now = this.#clock.now().toISOString();
    const limit = this.#settings.maxNodesPerUser;
    // Counted and written under the owner's lock: parallel creations queue and never pass the limit.
    const node = await this.#locks.run([nodesSubject(userId)], async (trx) => {
      if ((await this.#repo.countLiving(userId, trx)) >= limit)
        throw new AppError(ErrCode.Business, 'nodes.limit', { limit }, { limit });
      // Deleted nodes keep their name and domain.
      if (await this.#repo.findByName(nodeName, trx)) throw new AppError(ErrCode.Business, 'nodes.nameTaken');
      if (await this.#repo.findByDomain(nodeDomain, trx)) throw new AppError(ErrCode.Business, 'nodes.domainTaken');
      try {
        return await this.#repo.insert(
          {
            nodeName,
            nodeNameKey: nodeName.toLowerCase(),
            nodeDomain,
            nodeTitle: nodeTitle === '' ? nodeName : nodeTitle,
            ownerUserId: userId,
            ownerUserName: owner.username,
            visibility: NodeVisibility.Public,
            status: NORMAL_STATUS,
            createDate: now,
            updateDate: now,
          },
          trx,
        );
      } catch (error) {
        // Another user took the name or the domain at the same moment.
        if (isUniqueViolation(error)) throw new AppError(ErrCode.Business, 'nodes.nameOrDomainTaken');
        throw error;
      }
    });
    return this.#wire(node, userId);
  }

  // ── reading ──

  /** The caller's living nodes, newest first. */
  async listOwn(userId: number, query: NodeListQuery): Promise<Page<NodeView>> {
    const page = await this.#repo.pageOwned(userId, frozenFilterOf(query.status), query);
    return this.#page(page, query, userId);
  }

  /** Living, unfrozen public nodes (the examples page), by keywords in the name, title or domain. */
  async searchForClient(query: NodeListQuery, viewerId: number | null): Promise<Page<NodeView>> {
    const page = await this.#repo.pagePublic(keywordsOf(query.keywords), query);
    return this.#page(page, query, viewerId);
  }

  async findById(nodeId: number, viewerId: number | null): Promise<NodeWire | null> {
    const node = await this.#queries.findNode(nodeId);
    return node ? this.#wire(node, viewerId) : null;
  }

  /** By domain or by name (both given: the node must have both); null when none or deleted. */
  async detail(query: NodeDetailQuery, viewerId: number | null): Promise<NodeWire | null> {
    const { nodeName, nodeDomain } = query;
    if (!nodeName && !nodeDomain) throw badParam('nodeName', 'required', 'nodes.detailNeedsKey');
    const node = nodeDomain ? await this.#repo.findByDomain(nodeDomain) : await this.#repo.findByName(nodeName ?? '');
    if (!node || node.isDeleted !== 0) return null;
    if (nodeName && node.nodeNameKey !== nodeName.toLowerCase()) return null;
    return this.#wire(node, viewerId);
  }

  /** What the freeze page shows; the internal remark only to the owner. */
  async freezeInfo(nodeId: number, viewerId: number | null): Promise<NodeFreezeInfoWire> {
    const node = await this.#queries.findNode(nodeId);
    if (!node) throw new AppError(ErrCode.Business, 'nodes.notFound', { nodeId });
    const frozen = isNodeFrozen(node);
    return {
      nodeId: node.nodeId,
      nodeName: node.nodeName,
      isFrozen: frozen,
      reason: frozen ? node.freezeReason : '',
      remark: frozen && viewerId === node.ownerUserId ? node.freezeRemark : '',
    };
  }

  // ── the owner's changes ──

  async setNodeInfo(userId: number, body: SetNodeInfoBody): Promise<true> {
    const node = await this.#queries.ownNode(userId, body.nodeId);
    if (isNodeFrozen(node)) throw new AppError(ErrCode.Business, 'nodes.frozenNoEdit', { nodeId: node.nodeId });
    const inputs = new NodeInputs();
    const title = body.nodeTitle === undefined ? undefined : inputs.text('nodeTitle', body.nodeTitle);
    const changes = {
      ...(title === undefined ? {} : { nodeTitle: title === '' ? node.nodeName : title }),
      ...(body.nodeShortDescription === undefined
        ? {}
        : { nodeShortDescription: inputs.text('nodeShortDescription', body.nodeShortDescription) }),
      ...(body.nodeLogo === undefined ? {} : { nodeLogo: inputs.logo(body.nodeLogo) }),
      ...(body.status === undefined ? {} : { visibility: body.status }),
      ...(body.nodeSuspendInfo === undefined
        ? {}
        : { nodeSuspendInfo: inputs.text('nodeSuspendInfo', body.nodeSuspendInfo) }),
    };
    inputs.check();
    await this.#repo.update(node.nodeId, { ...changes, updateDate: this.#clock.now().toISOString() });
    return true;
  }

  /** Soft delete by the owner: the node is gone for everyone, its exhibits go offline in the same transaction. */
  async deleteNode(userId: number, nodeId: number): Promise<true> {
    const node = await this.#queries.ownNode(userId, nodeId);
    const now = this.#clock.now().toISOString();
    await this.#repo.db.transaction().execute(async (trx) => {
      await this.#repo.update(node.nodeId, { isDeleted: 1, updateDate: now }, trx);
      for (const listener of this.#deleted.all()) await listener.nodeDeleted(node.nodeId, trx);
    });
    return true;
  }

  // ── freezing (DOMAIN §3.7) ──

  async freeze(actor: FreezeActor, nodeId: number, { reason, remark }: FreezeNodeBody): Promise<NodeRow> {
    this.#assertAdministrator(actor);
    const node = await this.#liveNode(nodeId);
    if (isNodeFrozen(node)) throw new AppError(ErrCode.Business, 'nodes.alreadyFrozen', { nodeId });
    const changes = {
      status: node.status | NODE_FROZEN_FLAG,
      freezeReason: reason.trim(),
      freezeRemark: (remark ?? '').trim(),
      updateDate: this.#clock.now().toISOString(),
    };
    await this.#repo.update(nodeId, changes);
    return { ...node, ...changes };
  }

  async unfreeze(actor: FreezeActor, nodeId: number): Promise<NodeRow> {
    this.#assertAdministrator(actor);
    const node = await this.#liveNode(nodeId);
    if (!isNodeFrozen(node)) throw new AppError(ErrCode.Business, 'nodes.notFrozen', { nodeId });
    const changes = {
      status: node.status & ~NODE_FROZEN_FLAG,
      freezeReason: '',
      freezeRemark: '',
      updateDate: this.#clock.now().toISOString(),
    };
    await this.#repo.update(nodeId, changes);
    return { ...node, ...changes };
  }

  // ── operators (the command line) ──

  /** Every node, deleted ones included. */
  listAll(): Promise<NodeRow[]> {
    return this.#repo.listAll();
  }

  /** A node by id or domain, deleted ones included; errCode 2 when none. */
  async resolveNode(idOrDomain: string): Promise<NodeRow> {
    const node = /^[0-9]{1,10}$/.test(idOrDomain)
      ? await this.#repo.findById(Number(idOrDomain))
      : await this.#repo.findByDomain(idOrDomain);
    if (!node) throw new AppError(ErrCode.Business, 'nodes.notFound', { nodeId: idOrDomain });
    return node;
  }

  /** The node as its owner sees it (the command line shows everything). */
  ownerView(node: NodeRow): NodeWire {
    return this.#wire(node, node.ownerUserId);
  }

  #assertAdministrator(actor: FreezeActor): void {
    if (actor !== 'operator' && !this.#settings.adminUserIds.includes(actor.userId))
      throw new AppError(ErrCode.Forbidden, 'nodes.adminOnly');
  }

  async #liveNode(nodeId: number): Promise<NodeRow> {
    const node = await this.#queries.findNode(nodeId);
    if (!node) throw new AppError(ErrCode.Business, 'nodes.notFound', { nodeId });
    return node;
  }

  #wire(node: NodeRow, viewerId: number | null): NodeWire {
    return nodeWire(node, this.#settings, viewerId);
  }

  #page(page: NodePage, query: NodeListQuery, viewerId: number | null): Page<NodeView> {
    const fields = projectionFields<NodeWire>(query.projection, NODE_FIELDS);
    return {
      skip: query.skip,
      limit: query.limit,
      totalItem: page.totalItem,
      dataList: page.rows.map((row) => projected(this.#wire(row, viewerId), fields)),
    };
  }
}
