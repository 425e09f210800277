// Policies and their translation (API.md §3.16, §5.2).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { success } from '../../platform/envelope';
import { Envelope } from '@tessera/contract/common';
import { loggedInUser, requireLogin } from '../../platform/session';
import {
  CreatePoliciesBody,
  PolicyDetailQuery,
  PolicyIdParams,
  PolicyLegacyPage,
  PolicyListQuery,
  PolicyPageQuery,
  PolicyView,
  PolicyWire,
  TemplateListBody,
  TemplateWire,
  TransferBody,
  TransferWire,
  TranslateBody,
} from '@tessera/contract/policies';
import type { PolicyService } from './service';

const tags = ['policies'];
const COMPILE_ERRORS =
  'A text that does not compile is errCode 4; data lists `{field, index, line, column, code, message}` in the caller’s language.';

export function registerPolicyRoutes(app: FastifyInstance, policies: PolicyService): void {
  app.get<{ Querystring: PolicyPageQuery }>(
    '/v2/policies',
    {
      schema: {
        tags,
        summary: 'Every policy, newest first (legacy paging: page, pageSize)',
        querystring: PolicyPageQuery,
        response: { 200: Envelope(PolicyLegacyPage) },
      },
    },
    async (request) => success(await policies.page(request.query, request.language)),
  );

  app.get<{ Querystring: PolicyListQuery }>(
    '/v2/policies/list',
    {
      schema: {
        tags,
        summary: 'Policies by id (≤ 200), in the order given; isTranslate=1 adds translateInfo',
        querystring: PolicyListQuery,
        response: { 200: Envelope(Type.Array(PolicyView)) },
      },
    },
    async (request) => success(await policies.list(request.query, request.language)),
  );

  app.get<{ Params: PolicyIdParams; Querystring: PolicyDetailQuery }>(
    '/v2/policies/:policyId',
    {
      schema: {
        tags,
        summary: 'One policy; unknown: errCode 2',
        params: PolicyIdParams,
        querystring: PolicyDetailQuery,
        response: { 200: Envelope(PolicyView) },
      },
    },
    async (request) => success(await policies.detail(request.params.policyId, request.query, request.language)),
  );

  app.post<{ Body: CreatePoliciesBody }>(
    '/v2/policies',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Find or create policies (texts percent-encoded), in request order, with their compile warnings',
        description: COMPILE_ERRORS,
        body: CreatePoliciesBody,
        response: { 200: Envelope(Type.Array(PolicyWire)) },
      },
    },
    async (request) => success(await policies.createMany(loggedInUser(request).userId, request.body, request.language)),
  );

  app.post<{ Body: TranslateBody }>(
    '/v2/translate/translate',
    {
      schema: {
        tags,
        summary: 'A policy text (UTF-8, Base64) in plain words of the caller’s language',
        description: COMPILE_ERRORS,
        body: TranslateBody,
        response: { 200: Envelope(Type.String()) },
      },
    },
    async (request) => success(policies.translate(request.body, request.language)),
  );

  app.post<{ Body: TransferBody }>(
    '/v2/translate/transfer',
    {
      schema: {
        tags,
        summary: 'A policy text (UTF-8, Base64) compiled and translated state by state and event by event',
        description: COMPILE_ERRORS,
        body: TransferBody,
        response: { 200: Envelope(TransferWire) },
      },
    },
    async (request) => success(policies.transfer(request.body, request.language)),
  );

  const templates = {
    schema: { tags, summary: 'Policy templates of the editor', response: { 200: Envelope(Type.Array(TemplateWire)) } },
  };
  app.get('/v2/translate/translate-config/list4Client', templates, async () => success(policies.templates()));
  // The reference client sends POST with a JSON body (API.md §4).
  app.post(
    '/v2/translate/translate-config/list4Client',
    { schema: { ...templates.schema, body: TemplateListBody } },
    async () => success(policies.templates()),
  );
}
