// What other modules (exhibits, contracts, node sites) ask of nodes.
import { ErrCode } from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { NodeRepo, NodeRow } from './repo';

export const NODE_FROZEN_FLAG = 4;

export const isNodeFrozen = (node: Pick<NodeRow, 'status'>): boolean =>
  (node.status & NODE_FROZEN_FLAG) === NODE_FROZEN_FLAG;

export class NodeQueries {
  readonly #repo: NodeRepo;
  readonly #clock: Clock;

  constructor(repo: NodeRepo, clock: Clock) {
    this.#repo = repo;
    this.#clock = clock;
  }

  /** A node that exists and is not deleted. */
  async findNode(nodeId: number, db?: Db): Promise<NodeRow | undefined> {
    const node = await this.#repo.findById(nodeId, db);
    return node && node.isDeleted === 0 ? node : undefined;
  }

  /** The nodes of these ids that exist and are not deleted, by id (one read). */
  async findNodes(nodeIds: readonly number[], db?: Db): Promise<Map<number, NodeRow>> {
    const rows = await this.#repo.findByIds([...new Set(nodeIds)], db);
    return new Map(rows.filter((node) => node.isDeleted === 0).map((node) => [node.nodeId, node]));
  }

  async findNodeByDomain(nodeDomain: string, db?: Db): Promise<NodeRow | undefined> {
    const node = await this.#repo.findByDomain(nodeDomain, db);
    return node && node.isDeleted === 0 ? node : undefined;
  }

  /** The caller's own live node: errCode 2 when there is none, 3 when it is someone else's. */
  async ownNode(userId: number, nodeId: number, db?: Db): Promise<NodeRow> {
    const node = await this.findNode(nodeId, db);
    if (!node) throw new AppError(ErrCode.Business, 'nodes.notFound', { nodeId });
    if (node.ownerUserId !== userId) throw new AppError(ErrCode.Forbidden, 'nodes.notOwner', { nodeId });
    return node;
  }

  /** Sets or clears (`''`) the node's active theme (DOMAIN §3.5), in the caller's transaction. */
  setActiveTheme(nodeId: number, presentableId: string, db?: Db): Promise<void> {
    return this.#repo.setTheme(nodeId, presentableId, this.#clock.now().toISOString(), db);
  }
}
