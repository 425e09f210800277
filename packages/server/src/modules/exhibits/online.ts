// Putting exhibits online and offline (DOMAIN §3.4, §3.5): going online needs a node that is not
// frozen, an enabled exhibit policy, and both auth sides passing with no frozen resource in the tree
// (refused with errCode 2 and the failed auth result in data); going offline is always allowed. A
// theme going online takes the node's other themes offline and becomes the node's active theme.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ErrCode, isAuthorizedCode, type Language } from '@tessera/domain';
import { Envelope } from '@tessera/contract/common';
import { BatchItemResultWire, OnlineStatusBody, PresentableIdParams } from '@tessera/contract/exhibits';
import { OnlineStatusBatchBody } from '@tessera/contract/exhibit-auths';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { success } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { Translator } from '../../platform/messages';
import { loggedInUser, requireLogin } from '../../platform/session';
import { isNodeFrozen, type NodeQueries } from '../nodes';
import { AuthLayers, isLoaded, type ExhibitChain } from './chain';
import type { ExhibitRepo, PresentablePolicyRow, PresentableRow } from './repo';

export type ExhibitOnlineDeps = {
  repo: ExhibitRepo;
  nodes: Pick<NodeQueries, 'findNode' | 'setActiveTheme'>;
  chain: ExhibitChain;
  clock: Clock;
  translator: Translator;
};

type PolicyStatusChange = { policyId: string; status: number };

/** An exhibit is a theme when its resource type starts with `theme` (DOMAIN §3.5). */
export function isTheme(row: Pick<PresentableRow, 'resourceType'>): boolean {
  const types = JSON.parse(row.resourceType) as unknown;
  return Array.isArray(types) && typeof types[0] === 'string' && types[0].startsWith('theme');
}

export class ExhibitOnline {
  readonly #deps: ExhibitOnlineDeps;

  constructor(deps: ExhibitOnlineDeps) {
    this.#deps = deps;
  }

  /** `PUT /v2/presentables/{id}/onlineStatus`; updatePolicies (one change or a list) apply first. */
  async setOnlineStatus(
    userId: number,
    presentableId: string,
    body: OnlineStatusBody,
    language: Language,
  ): Promise<true> {
    const changes = body.updatePolicies === undefined ? [] : [body.updatePolicies].flat();
    const row = await this.#ownExhibit(userId, presentableId);
    const policies = applyChanges(await this.#deps.repo.policiesOf([presentableId]), changes);
    if (body.onlineStatus === 1) await this.#checkGoingOnline(row, policies, language);
    const date = this.#deps.clock.now().toISOString();
    await this.#deps.repo.inTransaction(async (repo, trx) => {
      for (const policy of policies.filter((entry) => changes.some((change) => change.policyId === entry.policyId)))
        await repo.updatePolicy(presentableId, policy.policyId, {
          status: policy.status,
          policyName: policy.policyName,
          policyNameKey: policy.policyNameKey,
          updateDate: date,
        });
      await this.#write(repo, trx, row, body.onlineStatus, date);
    });
    return true;
  }

  /** `PUT /v2/presentables/updatePresentableOnlineStatusBatch`: each item on its own. */
  async setOnlineStatusBatch(
    userId: number,
    presentableIds: readonly string[],
    onlineStatus: number,
    language: Language,
  ): Promise<BatchItemResultWire[]> {
    const results: BatchItemResultWire[] = [];
    for (const id of presentableIds) {
      try {
        await this.setOnlineStatus(userId, id, { onlineStatus }, language);
        results.push({ id, success: true, errCode: 0, msg: '' });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const msg = this.#deps.translator.translate(error.messageKey, language, error.params);
        results.push({ id, success: false, errCode: error.errCode, msg });
      }
    }
    return results;
  }

  async #ownExhibit(userId: number, presentableId: string): Promise<PresentableRow> {
    const row = await this.#deps.repo.findById(presentableId);
    const node = row && (await this.#deps.nodes.findNode(row.nodeId));
    // Another's exhibit looks like none at all: offline exhibits are their owner's secret.
    if (!row || node?.ownerUserId !== userId)
      throw new AppError(ErrCode.Business, 'exhibitAuths.notFound', { presentableId });
    return row;
  }

  async #checkGoingOnline(row: PresentableRow, policies: PresentablePolicyRow[], language: Language): Promise<void> {
    const { chain, nodes, repo } = this.#deps;
    const node = await nodes.findNode(row.nodeId);
    if (!node || isNodeFrozen(node))
      throw new AppError(ErrCode.Business, 'exhibitAuths.online.nodeFrozen', { nodeId: row.nodeId });
    if (!policies.some((policy) => policy.status === 1))
      throw new AppError(ErrCode.Business, 'exhibitAuths.online.noPolicy', { presentableId: row.presentableId });
    const loaded = await chain.load(row, await repo.findVersion(row.presentableId, row.version));
    const verdict = isLoaded(loaded) ? await chain.check(loaded, AuthLayers.Both) : loaded;
    if (isAuthorizedCode(verdict.authCode)) return;
    const result = chain.result(verdict, language);
    throw new AppError(ErrCode.Business, 'exhibitAuths.online.authFailed', result, { reason: result.errorMsg });
  }

  async #write(repo: ExhibitRepo, trx: Db, row: PresentableRow, onlineStatus: number, date: string): Promise<void> {
    await repo.update(row.presentableId, { onlineStatus, updateDate: date });
    if (!isTheme(row)) return;
    if (onlineStatus === 1) {
      const others = (await repo.listInNode({ nodeId: row.nodeId, onlineStatus: 1 })).filter(
        (other) => other.presentableId !== row.presentableId && isTheme(other),
      );
      for (const other of others) await repo.update(other.presentableId, { onlineStatus: 0, updateDate: date });
      await this.#deps.nodes.setActiveTheme(row.nodeId, row.presentableId, trx);
      return;
    }
    const node = await this.#deps.nodes.findNode(row.nodeId, trx);
    if (node?.nodeThemeId === row.presentableId) await this.#deps.nodes.setActiveTheme(row.nodeId, '', trx);
  }
}

/** The bindings with the requested status changes applied; an unknown policy is errCode 2. */
function applyChanges(
  policies: PresentablePolicyRow[],
  changes: readonly PolicyStatusChange[],
): PresentablePolicyRow[] {
  for (const change of changes)
    if (!policies.some((policy) => policy.policyId === change.policyId))
      throw new AppError(ErrCode.Business, 'exhibitAuths.online.policyNotFound', { policyId: change.policyId });
  return policies.map((policy) => {
    const change = changes.find((entry) => entry.policyId === policy.policyId);
    return change ? { ...policy, status: change.status } : policy;
  });
}

/** `PUT /v2/presentables/{id}/onlineStatus` and `PUT /v2/presentables/updatePresentableOnlineStatusBatch`. */
export function registerExhibitOnlineRoutes(app: FastifyInstance, online: ExhibitOnline): void {
  const tags = ['exhibits'];
  app.put<{ Params: PresentableIdParams; Body: OnlineStatusBody }>(
    '/v2/presentables/:presentableId/onlineStatus',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Puts the exhibit online (1) or offline (0); updatePolicies (one change or a list) apply first',
        description:
          'Going online is refused with errCode 2 and the failed auth result in data unless the node is not frozen, an ' +
          'exhibit policy is enabled, no resource of the tree is frozen and both auth sides pass. A theme going online ' +
          "takes the node's other themes offline and becomes the active theme; offline clears it.",
        params: PresentableIdParams,
        body: OnlineStatusBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) =>
      success(
        await online.setOnlineStatus(
          loggedInUser(request).userId,
          request.params.presentableId,
          request.body,
          request.language,
        ),
      ),
  );

  app.put<{ Body: OnlineStatusBatchBody }>(
    '/v2/presentables/updatePresentableOnlineStatusBatch',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Puts several exhibits online or offline, each on its own: {id, success, errCode, msg} per exhibit',
        body: OnlineStatusBatchBody,
        response: { 200: Envelope(Type.Array(BatchItemResultWire)) },
      },
    },
    async (request) =>
      success(
        await online.setOnlineStatusBatch(
          loggedInUser(request).userId,
          request.body.presentableIds,
          request.body.onlineStatus,
          request.language,
        ),
      ),
  );
}
