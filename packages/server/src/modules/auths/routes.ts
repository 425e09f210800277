// The resource auth calls (DOMAIN §3.3, §5.8; API.md §3.6 and the runtime's serviceStates). Every call
// but serviceStates needs a login, as in the reference; resources another user has not released are
// "not found" as everywhere else.
import { AUTH_SERVICE_STATES } from '@tessera/domain';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AuthResourceParams,
  AuthResultWire,
  AuthTreeItemWire,
  AuthVersionQuery,
  BatchAuthQuery,
  BatchAuthResultWire,
  LicenseeAuthQuery,
  RelationTreeAuthNodeWire,
  ServiceStateWire,
} from '@tessera/contract/auths';
import { Envelope } from '@tessera/contract/common';
import { success } from '../../platform/envelope';
import { loggedInUser, requireLogin } from '../../platform/session';
import type { AuthService } from './service';

const tags = ['auths'];
const AUTHS = '/v2/auths/resources';

const userIdOf = (request: FastifyRequest): number => loggedInUser(request).userId;

export function registerAuthRoutes(app: FastifyInstance, auths: AuthService): void {
  app.get<{ Params: AuthResourceParams; Querystring: AuthVersionQuery }>(
    '/v2/resources/:resourceId/authTree',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'The auth tree of a version: per resource it resolves, the versions that need its licence',
        description:
          'Version: `version`, else the highest in `versionRange`, else the latest; none → []. Each item lists the contracts its ' +
          'resolver (the first ancestor version listing it in resolveResources) holds on it, and its own groups as children. ' +
          'What the root version upcasts is licensed by whoever uses it and is not listed.',
        params: AuthResourceParams,
        querystring: AuthVersionQuery,
        response: { 200: Envelope(Type.Array(Type.Array(AuthTreeItemWire))) },
      },
    },
    async (request) => success(await auths.authTree(userIdOf(request), request.params.resourceId, request.query)),
  );

  app.get<{ Params: AuthResourceParams; Querystring: AuthVersionQuery }>(
    `${AUTHS}/:resourceId/relationTreeAuth`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'The relation tree (resource → dependencies → their upcasts) with auth flags per node',
        description:
          "downstreamIsAuth: the root version's contracts on the node authorise it (true when the root upcasts it); " +
          "downstreamAuthContractIds: those contracts; selfAndUpstreamIsAuth: the node's own upstream is authorised.",
        params: AuthResourceParams,
        querystring: AuthVersionQuery,
        response: { 200: Envelope(Type.Array(RelationTreeAuthNodeWire)) },
      },
    },
    async (request) =>
      success(await auths.relationTreeAuth(userIdOf(request), request.params.resourceId, request.query)),
  );

  app.get<{ Querystring: BatchAuthQuery }>(
    `${AUTHS}/batchAuth/results`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "Whether each resource version's own upstream is authorised",
        description:
          'resourceIds ≤ 100; versions or versionRanges, one per resource (default: the latest version). Resources without ' +
          'a version are left out; a version or range the resource does not have is errCode 2.',
        querystring: BatchAuthQuery,
        response: { 200: Envelope(Type.Array(BatchAuthResultWire)) },
      },
    },
    async (request) => success(await auths.batchAuth(userIdOf(request), request.query)),
  );

  app.get<{ Params: AuthResourceParams; Querystring: LicenseeAuthQuery }>(
    `${AUTHS}/:resourceId/result`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Whether your resource licenseeId holds an authorised contract on the resource, and its upstream',
        description:
          'licenseeId must be a resource of the caller (errCode 3). The answer is an auth result (DOMAIN §5.2) with errCode 0 ' +
          'even when not authorised: 303/301/304/306 for the licensee’s contracts, then the upstream of `version` (default latest).',
        params: AuthResourceParams,
        querystring: LicenseeAuthQuery,
        response: { 200: Envelope(AuthResultWire) },
      },
    },
    async (request) =>
      success(
        await auths.licenseeResult(userIdOf(request), request.params.resourceId, request.query, request.language),
      ),
  );

  for (const subjects of ['resources', 'presentables'])
    app.get(
      `/v2/auths/${subjects}/serviceStates`,
      {
        schema: {
          tags,
          summary: 'The service states a contract can grant: active (formal) and testActive (test)',
          response: { 200: Envelope(Type.Array(ServiceStateWire)) },
        },
      },
      () => success(AUTH_SERVICE_STATES),
    );
}
