// The exhibit auth calls (DOMAIN §5.4, §5.9; API.md §3.3 batchAuth, §5.2): result, info, resourceInfo
// and fileStream of a formal exhibit by its id, by the node and its resource, or by the node-site
// runtime's exhibit and article paths; dependencies by parentNid and a file inside a zip package; the
// batch answers over 1 node side, 2 upstream, 3 both, 4 the full chain. Anonymous callers are allowed.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthCode, DefaulterIdentityType, ErrCode, type Language } from '@tessera/domain';
import type { AuthResultWire } from '@tessera/contract/auths';
import { Envelope } from '@tessera/contract/common';
import {
  ArticleAuthParams,
  EntityQuery,
  ExhibitAuthParams,
  ExhibitBatchAuthItemWire,
  ExhibitBatchAuthQuery,
  NodeIdParams,
  NodeResourceAuthParams,
  PresentableAuthParams,
  PresentableBatchAuthItemWire,
  PresentableBatchAuthQuery,
} from '@tessera/contract/exhibit-auths';
import { success } from '../../platform/envelope';
import { badParam } from '../../platform/errors';
import { decodeIdOrName } from '../../platform/http/requests';
import { PRIVATE_DOWNLOAD_CACHE_CONTROL, sendStoredFile } from '../../platform/http/stored-bytes';
import { mimeOfPath, zipEntry } from '../../platform/http/zip-entries';
import type { FileCatalog } from '../files';
import type { ResourceQueries } from '../resources';
import { AuthLayers, type AuthVerdict, type LoadedChain } from './chain';
import type { ConsumerAuthOutcome } from './consumer-auth';
import type { ExhibitAuths } from './exhibit-auths';
import type { FrozenDependencyNode } from './frozen-trees';
import type { ExhibitRepo, PresentableRow } from './repo';
import { exhibitView } from './site-views';
import { presentableWire, versionPropertyOf } from './views';

const tags = ['exhibit auths'];
/** Packages larger than this are not opened for one of their files. */
const MAX_PACKAGE_BYTES = 64 * 1024 * 1024;
const AUTH_FAILED_MSG = 'subject-authorization-failed';
const MAX_BATCH = 100;

export type ExhibitAuthRouteDeps = {
  auths: ExhibitAuths;
  repo: ExhibitRepo;
  files: Pick<FileCatalog, 'find' | 'open'>;
  resources: Pick<ResourceQueries, 'rowsByIds' | 'views'>;
};

/** The older presentable paths answer errCode 3 when not authorised; the runtime's exhibit paths errCode 0. */
type Form = 'presentable' | 'exhibit';
type AnswerType = 'result' | 'info' | 'resourceInfo' | 'fileStream';

const callerOf = (request: FastifyRequest): number | null => request.user?.userId ?? null;

export function registerExhibitAuthRoutes(app: FastifyInstance, deps: ExhibitAuthRouteDeps): void {
  const { auths, repo } = deps;
  const answer = answerWith(deps);

  app.get<{ Params: PresentableAuthParams; Querystring: EntityQuery }>(
    '/v2/auths/presentables/:presentableId/:type',
    {
      schema: {
        tags,
        summary: 'A formal exhibit: its auth result, the exhibit, its resource, or its bytes when authorised',
        description:
          'Not authorised: result answers errCode 0 with the auth result; info, resourceInfo and fileStream answer errCode 3, ' +
          'msg subject-authorization-failed, the auth result in data. parentNid + subResourceIdOrName: a dependency; ' +
          'subResourceFile: a file inside the zip package.',
        params: PresentableAuthParams,
        querystring: EntityQuery,
      },
    },
    async (request, reply) =>
      answer(request, reply, 'presentable', request.params.type, await repo.findById(request.params.presentableId)),
  );

  app.get<{ Params: NodeResourceAuthParams; Querystring: EntityQuery }>(
    '/v2/auths/presentables/nodes/:nodeId/:resourceIdOrName/:type',
    {
      schema: {
        tags,
        summary: "The node's exhibit of a resource (by id or full name): as /v2/auths/presentables/{id}/{type}",
        params: NodeResourceAuthParams,
        querystring: EntityQuery,
      },
    },
    async (request, reply) => {
      const { nodeId, resourceIdOrName, type } = request.params;
      return answer(request, reply, 'presentable', type, await byResource(repo, nodeId, resourceIdOrName));
    },
  );

  app.get<{ Params: ExhibitAuthParams; Querystring: EntityQuery }>(
    '/v2/auths/exhibits/:nodeId/:exhibitId/:type',
    {
      schema: {
        tags,
        summary: "The node-site runtime's exhibit auth: result, the exhibit view, or the bytes when authorised",
        description:
          'Not authorised: the result envelope (errCode 0, isAuth false) whatever the type. parentNid + subWorkIdOrName ' +
          '(or subArticleIdOrName): a dependency; subFilePath: a file inside the zip package.',
        params: ExhibitAuthParams,
        querystring: EntityQuery,
      },
    },
    async (request, reply) => {
      const { nodeId, exhibitId, type } = request.params;
      const row = await repo.findById(exhibitId);
      return answer(request, reply, 'exhibit', type, row?.nodeId === nodeId ? row : undefined);
    },
  );

  app.get<{ Params: ArticleAuthParams; Querystring: EntityQuery }>(
    '/v2/auths/exhibits/:nodeId/articles/:articleIdOrName/:type',
    {
      schema: {
        tags,
        summary:
          "The node's exhibit of an article (resource id or full name): as /v2/auths/exhibits/{nodeId}/{exhibitId}/{type}",
        params: ArticleAuthParams,
        querystring: EntityQuery,
      },
    },
    async (request, reply) => {
      const { nodeId, articleIdOrName, type } = request.params;
      return answer(request, reply, 'exhibit', type, await byResource(repo, nodeId, articleIdOrName));
    },
  );

  const batch = async (request: FastifyRequest, nodeId: number, idsText: string, field: string, authType: number) => {
    const ids = idsText.split(',').map((id) => id.trim());
    if (ids.length > MAX_BATCH) throw badParam(field, 'maxItems', 'errors.param.invalid');
    // An id that is no exhibit id names no exhibit: its result is 401 like any unknown one.
    const known = ids.filter((id) => /^[0-9a-f]{24}$/.test(id));
    const rows = new Map((await repo.findMany(known)).map((row) => [row.presentableId, row]));
    const inNode = ids.map((id) => {
      const row = rows.get(id);
      return row?.nodeId === nodeId ? row : undefined;
    });
    const outcomes = await auths.consumer.checkMany(inNode, callerOf(request), authType as AuthLayers);
    return ids.map((id, index) => {
      const outcome = outcomes[index];
      if (!outcome) throw new Error('an exhibit was left unchecked');
      const { data: _data, ...result } = auths.chain.result(outcome.verdict, request.language);
      return { id, name: outcome.presentable?.presentableName ?? '', result };
    });
  };

  app.get<{ Params: NodeIdParams; Querystring: PresentableBatchAuthQuery }>(
    '/v2/auths/presentables/nodes/:nodeId/batchAuth/result',
    {
      schema: {
        tags,
        summary: "Auth results of the node's exhibits: authType 1 node side, 2 upstream, 3 both, 4 the full chain",
        params: NodeIdParams,
        querystring: PresentableBatchAuthQuery,
        response: { 200: Envelope(Type.Array(PresentableBatchAuthItemWire)) },
      },
    },
    async (request) => {
      const { presentableIds, authType } = request.query;
      const results = await batch(request, request.params.nodeId, presentableIds, 'presentableIds', authType);
      return success(results.map(({ id, name, result }) => ({ presentableId: id, presentableName: name, ...result })));
    },
  );

  app.get<{ Params: NodeIdParams; Querystring: ExhibitBatchAuthQuery }>(
    '/v2/auths/exhibits/:nodeId/batchAuth/results',
    {
      schema: {
        tags,
        summary: "The runtime's batch auth of the node's exhibits (authType 1–4)",
        params: NodeIdParams,
        querystring: ExhibitBatchAuthQuery,
        response: { 200: Envelope(Type.Array(ExhibitBatchAuthItemWire)) },
      },
    },
    async (request) => {
      const { exhibitIds, authType } = request.query;
      const results = await batch(request, request.params.nodeId, exhibitIds, 'exhibitIds', authType);
      return success(results.map(({ id, name, result }) => ({ exhibitId: id, exhibitName: name, ...result })));
    },
  );
}

/** The node's exhibit of a resource named by id or full name (decoded once more when still encoded). */
function byResource(repo: ExhibitRepo, nodeId: number, idOrName: string): Promise<PresentableRow | undefined> {
  const text = decodeIdOrName(idOrName);
  return repo.findInNode(nodeId, /^[0-9a-f]{24}$/.test(text) ? { resourceId: text } : { resourceName: text });
}

/** The entity a fileStream (or any type) names: the exhibit's root version, or a dependency below parentNid. */
function entityOf(chain: LoadedChain, query: EntityQuery): FrozenDependencyNode | undefined {
  const root = chain.dependencyTree.find((entry) => entry.parentNid === '');
  if (query.parentNid === undefined || query.parentNid === '') return root;
  const raw = query.subResourceIdOrName ?? query.subWorkIdOrName ?? query.subArticleIdOrName;
  if (raw === undefined || raw === '') return undefined;
  const idOrName = decodeIdOrName(raw);
  return chain.dependencyTree.find(
    (entry) =>
      entry.parentNid === query.parentNid &&
      (entry.resourceId === idOrName || entry.resourceName.toLowerCase() === idOrName.toLowerCase()),
  );
}

function answerWith({ auths, repo, files, resources }: ExhibitAuthRouteDeps) {
  const resultOf = (form: Form, row: PresentableRow | undefined, result: AuthResultWire) =>
    form === 'presentable'
      ? { presentableId: row?.presentableId ?? '', presentableName: row?.presentableName ?? '', ...result }
      : { exhibitId: row?.presentableId ?? '', exhibitName: row?.presentableName ?? '', ...result };

  const refuse = (
    reply: FastifyReply,
    form: Form,
    type: AnswerType,
    row: PresentableRow | undefined,
    result: AuthResultWire,
  ) => {
    const body = resultOf(form, row, result);
    if (form === 'exhibit' || type === 'result') return reply.send(success(body));
    return reply.send({ ret: 0, errCode: ErrCode.Forbidden, msg: AUTH_FAILED_MSG, data: body });
  };

  const argumentError = (message: string): AuthVerdict => ({
    authCode: AuthCode.AuthArgumentError,
    defaulter: DefaulterIdentityType.Unknown,
    data: { reason: message },
  });

  return async function answer(
    request: FastifyRequest<{ Querystring: EntityQuery }>,
    reply: FastifyReply,
    form: Form,
    type: AnswerType,
    row: PresentableRow | undefined,
  ): Promise<FastifyReply> {
    const language: Language = request.language;
    const outcome: ConsumerAuthOutcome = await auths.consumer.check(row, callerOf(request), AuthLayers.Full);
    const result = auths.chain.result(outcome.verdict, language);
    if (!result.isAuth || !outcome.chain || !row) return refuse(reply, form, type, outcome.presentable, result);
    const entity = entityOf(outcome.chain, request.query);
    if (!entity) return refuse(reply, form, type, row, auths.chain.result(argumentError('parentNid'), language));

    if (type === 'result') return reply.send(success(resultOf(form, row, result)));
    const version = await repo.findVersion(row.presentableId, row.version);
    const reader = { callerId: callerOf(request) };
    if (type === 'info') {
      const bindings = await repo.policiesOf([row.presentableId]);
      const data =
        form === 'presentable'
          ? presentableWire(row, bindings, reader, { version, withVersionProperty: true })
          : exhibitView(row, bindings, version, { withVersionProperty: true, owner: reader.callerId === row.userId });
      return reply.send(success(data));
    }
    if (type === 'resourceInfo') {
      const [resource] = await resources.rowsByIds([entity.resourceId]);
      const [view] = resource
        ? await resources.views([resource], {
            policyInfo: false,
            translate: false,
            latestVersionInfo: false,
            freezeReason: false,
            fields: null,
            language,
            readerId: reader.callerId,
          })
        : [];
      return reply.send(success(view ?? null));
    }

    // fileStream
    const file = entity.fileSha1 === '' ? undefined : await files.find(entity.fileSha1);
    if (!file) return refuse(reply, form, type, row, auths.chain.result(argumentError('file'), language));
    const children = outcome.chain.dependencyTree.filter((entry) => entry.parentNid === entity.nid);
    const subDependencies = children.map((child) => ({
      id: child.resourceId,
      nid: child.nid,
      name: child.resourceName,
      type: 1,
      resourceType: child.resourceType,
    }));
    const property = version ? versionPropertyOf(version) : {};
    const headers = streamHeaders(form, row, entity, subDependencies, property);
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    reply.header('access-control-expose-headers', Object.keys(headers).join(', '));

    const subPath = request.query.subResourceFile ?? request.query.subFilePath;
    if (subPath !== undefined && subPath !== '') {
      if (file.fileSize > MAX_PACKAGE_BYTES)
        return refuse(reply, form, type, row, auths.chain.result(argumentError('subFilePath'), language));
      const archive = await readAll(await files.open(file.sha1));
      const bytes = zipEntry(archive, decodeIdOrName(subPath));
      if (!bytes) return refuse(reply, form, type, row, auths.chain.result(argumentError('subFilePath'), language));
      return reply
        .header('cache-control', PRIVATE_DOWNLOAD_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .type(mimeOfPath(subPath))
        .send(bytes);
    }
    const mime = file.metaInfo?.mime ?? 'application/octet-stream';
    return sendStoredFile(
      request,
      reply,
      { sha1: file.sha1, fileSize: file.fileSize, mime, open: (range) => files.open(file.sha1, range) },
      { cacheControl: PRIVATE_DOWNLOAD_CACHE_CONTROL },
    );
  };
}

/** The fileStream headers (DOMAIN §5.9): the older presentable names, or the runtime's exhibit/article names. */
function streamHeaders(
  form: Form,
  row: PresentableRow,
  entity: FrozenDependencyNode,
  subDependencies: unknown[],
  property: Record<string, unknown>,
): Record<string, string> {
  const name = encodeURIComponent(row.presentableName);
  const resourceType = encodeURIComponent(entity.resourceType.join(','));
  const dependencies = encodeURIComponent(JSON.stringify(subDependencies));
  const properties = encodeURIComponent(JSON.stringify(property));
  if (form === 'presentable')
    return {
      'freelog-entity-nid': entity.nid,
      'freelog-presentable-id': row.presentableId,
      'freelog-presentable-name': name,
      'freelog-resource-type': resourceType,
      'freelog-sub-dependencies': dependencies,
      'freelog-resource-property': properties,
    };
  return {
    'freelog-exhibit-id': row.presentableId,
    'freelog-exhibit-name': name,
    'freelog-exhibit-property': properties,
    'freelog-article-nid': entity.nid,
    'freelog-article-sub-dependencies': dependencies,
    'freelog-article-resource-type': resourceType,
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
