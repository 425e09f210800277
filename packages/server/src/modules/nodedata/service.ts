// What a node's site keeps for one user (DOMAIN §3.10, API.md §3.4 and §5.2): one JSON document per
// node, `{nodeDomain}.ncfg` in the user's system bucket, at most 10 MiB. The storage module keeps the
// bytes under the node id as its key; this module knows the nodes.
import { ErrCode, formatFileSize, isNodeDomain, type Page } from '@tessera/domain';
import type {
  ClearNodeDataBody,
  NodeDataListQuery,
  UpdateNodeDataBody,
  WriteNodeDataBody,
} from '@tessera/contract/nodedata';
import type { ObjectView, ObjectWire } from '@tessera/contract/storage';
import { AppError, badParam } from '../../platform/errors';
import type { NodeQueries, NodeRow } from '../nodes';
import type { StorageService } from '../storage';

export const NODE_DATA_MAX_BYTES = 10 * 1024 * 1024;
/** The type of a node-data object. */
export const NODE_DATA_TYPE = 'node-config';

type Json = Record<string, unknown>;

export type NodeDataDeps = {
  storage: Pick<StorageService, 'putSystemDocument' | 'systemDocument' | 'deleteSystemDocuments' | 'listSystemObjects'>;
  nodes: Pick<NodeQueries, 'findNode' | 'findNodeByDomain'>;
};

const isJsonObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class NodeDataService {
  readonly #deps: NodeDataDeps;

  constructor(deps: NodeDataDeps) {
    this.#deps = deps;
  }

  list(userId: number, paging: NodeDataListQuery): Promise<Page<ObjectView>> {
    return this.#deps.storage.listSystemObjects(userId, paging);
  }

  /** POST: replaces the whole document the node (by id or domain) keeps for the user. */
  async write(userId: number, body: WriteNodeDataBody): Promise<ObjectWire> {
    return this.#store(userId, await this.#nodeOf(body), body.userNodeData);
  }

  /** PUT: removes fields, then appends or replaces those of the object given; a node without data starts from {}. */
  async update(userId: number, nodeId: number, body: UpdateNodeDataBody): Promise<ObjectWire> {
    const node = await this.#nodeOf({ nodeId });
    const current = await this.read(userId, nodeId);
    const removed = new Set(body.removeFields ?? []);
    const kept = isJsonObject(current) ? Object.entries(current).filter(([field]) => !removed.has(field)) : [];
    return this.#store(userId, node, { ...Object.fromEntries(kept), ...body.appendOrReplaceObject });
  }

  /** The document the node keeps for the user, or null when it keeps none. */
  async read(userId: number, nodeId: number): Promise<unknown> {
    const document = await this.#deps.storage.systemDocument(userId, { key: nodeId });
    return document ? (JSON.parse(document.bytes.toString('utf8')) as unknown) : null;
  }

  /** The chosen top-level fields (all when none are named) of the document, by object id or node id; {} when none. */
  async customPick(userId: number, objectIdOrNodeId: string, fieldsText?: string): Promise<Json> {
    const by = /^[0-9a-f]{24}$/.test(objectIdOrNodeId)
      ? { objectId: objectIdOrNodeId }
      : { key: Number(objectIdOrNodeId) };
    const document = await this.#deps.storage.systemDocument(userId, by);
    const data: unknown = document ? JSON.parse(document.bytes.toString('utf8')) : {};
    if (!isJsonObject(data)) return {};
    const fields = fieldsText
      ?.split(',')
      .map((field) => field.trim())
      .filter((field) => field !== '');
    if (!fields || fields.length === 0) return data;
    return Object.fromEntries(
      fields.filter((field) => Object.hasOwn(data, field)).map((field) => [field, data[field]]),
    );
  }

  /** Removes the caller's data of those nodes (by id or by domain). */
  async clear(userId: number, { nodeIds = [], nodeDomains = [] }: ClearNodeDataBody): Promise<true> {
    if (nodeIds.length === 0 && nodeDomains.length === 0)
      throw badParam('nodeIds', 'required', 'nodeData.param.nodeIdsOrDomains');
    const badDomain = nodeDomains.findIndex((domain) => !isNodeDomain(domain));
    if (badDomain !== -1) throw badParam(`nodeDomains.${badDomain}`, 'pattern', 'validation.nodeDomain');
    await this.#deps.storage.deleteSystemDocuments(userId, {
      keys: nodeIds,
      names: nodeDomains.map((domain) => `${domain}.ncfg`),
    });
    return true;
  }

  async #nodeOf({ nodeId, nodeDomain }: { nodeId?: number; nodeDomain?: string }): Promise<NodeRow> {
    if (nodeId === undefined && nodeDomain === undefined)
      throw badParam('nodeId', 'required', 'nodeData.param.nodeIdOrDomain');
    const node =
      nodeId !== undefined
        ? await this.#deps.nodes.findNode(nodeId)
        : await this.#deps.nodes.findNodeByDomain(nodeDomain ?? '');
    if (!node) throw new AppError(ErrCode.Business, 'nodeData.nodeNotFound', { nodeId, nodeDomain });
    return node;
  }

  async #store(userId: number, node: NodeRow, data: unknown): Promise<ObjectWire> {
    const bytes = Buffer.from(JSON.stringify(data) ?? 'null', 'utf8');
    if (bytes.length > NODE_DATA_MAX_BYTES)
      throw badParam('userNodeData', 'tooLarge', 'nodeData.param.tooLarge', {
        limit: formatFileSize(NODE_DATA_MAX_BYTES),
      });
    // A node keeps its object when its domain changes: storage finds it by the node id first.
    return this.#deps.storage.putSystemDocument(userId, {
      key: node.nodeId,
      name: `${node.nodeDomain}.ncfg`,
      type: NODE_DATA_TYPE,
      bytes,
    });
  }
}
