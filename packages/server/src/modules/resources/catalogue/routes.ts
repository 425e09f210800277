// Types, attributes, tags and market categories (API.md §3.6, §5.2 getAttrsByCode).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { success } from '../../../platform/envelope';
import { Envelope } from '@tessera/contract/common';
import { loggedInUser, requireLogin } from '../../../platform/session';
import {
  AttributeKeyQuery,
  AttributeWire,
  AvailableTagsQuery,
  OperationCategoryQuery,
  OperationGroupWire,
  TagWire,
  TypeByParentQuery,
  TypeCodeOrNameQuery,
  TypeCodeQuery,
  TypeGroupQuery,
  TypeNodeWire,
  TypeTreeWire,
} from '@tessera/contract/catalogue';
import type { TypeCatalogue } from './service';

const tags = ['resource catalogue'];
const TYPES = '/v2/resources/types';
const NullableType = Type.Union([TypeNodeWire, Type.Null()]);

export function registerCatalogueRoutes(app: FastifyInstance, catalogue: TypeCatalogue): void {
  app.get<{ Querystring: TypeGroupQuery }>(
    `${TYPES}/listSimpleByGroup`,
    {
      schema: {
        tags,
        summary: 'The type catalogue as a forest of level-1 types (grouped by groupCode), with counts',
        description:
          'category 2 lists the custom sub-types resources use (isMine=1: the caller’s) under their catalogue parents. codeOrName keeps matching entries, what is below ' +
          'them and the way to them. supportCreateBatch: 2 only types that support batch creation. subjectType 4: collections only.',
        querystring: TypeGroupQuery,
        response: { 200: Envelope(Type.Array(TypeTreeWire)) },
      },
    },
    async (request) => success(await catalogue.listByGroup(request.query, request.user?.userId ?? null)),
  );

  app.get<{ Querystring: TypeByParentQuery }>(
    `${TYPES}/listSimpleByParentCode`,
    {
      schema: {
        tags,
        summary: 'A flat list of types: all, or a parent (unless excludeParentCode) and everything below it',
        description:
          'name / nameChain: part of the name or of the names from level 1 (any case). isTerminate=true: only entries with nothing below. category 2: custom sub-types.',
        querystring: TypeByParentQuery,
        response: { 200: Envelope(Type.Array(TypeNodeWire)) },
      },
    },
    async (request) => success(await catalogue.listByParentCode(request.query)),
  );

  app.get<{ Querystring: TypeCodeQuery }>(
    `${TYPES}/getInfoByCode`,
    {
      schema: {
        tags,
        summary: 'One catalogue entry, or null',
        querystring: TypeCodeQuery,
        response: { 200: Envelope(NullableType) },
      },
    },
    async (request) => success(await catalogue.infoByCode(request.query.code)),
  );

  app.get<{ Querystring: TypeCodeOrNameQuery }>(
    `${TYPES}/getInfoByCodeOrName`,
    {
      schema: {
        tags,
        summary: 'One catalogue entry by code, else by name in either language; or null',
        querystring: TypeCodeOrNameQuery,
        response: { 200: Envelope(NullableType) },
      },
    },
    async (request) => success(await catalogue.infoByCodeOrName(request.query)),
  );

  app.get(
    `${TYPES}/listSimple4Recently`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'The caller’s last 10 distinct types, newest first',
        response: { 200: Envelope(Type.Array(TypeNodeWire)) },
      },
    },
    async (request) => success(await catalogue.recentlyUsed(loggedInUser(request).userId)),
  );

  app.get<{ Querystring: TypeCodeQuery }>(
    `${TYPES}/getAttrsByCode`,
    {
      schema: {
        tags,
        summary: 'The attributes a type offers',
        querystring: TypeCodeQuery,
        response: { 200: Envelope(Type.Array(AttributeWire)) },
      },
    },
    async (request) => success(catalogue.attributesOfType(request.query.code)),
  );

  app.get(
    '/v2/resources/attrs/listSimple',
    { schema: { tags, summary: 'The attribute catalogue', response: { 200: Envelope(Type.Array(AttributeWire)) } } },
    async () => success(catalogue.attributes()),
  );

  app.get<{ Querystring: AttributeKeyQuery }>(
    '/v2/resources/attrs/getInfoByKey',
    {
      schema: {
        tags,
        summary: 'One attribute, or null',
        querystring: AttributeKeyQuery,
        response: { 200: Envelope(Type.Union([AttributeWire, Type.Null()])) },
      },
    },
    async (request) => success(catalogue.attribute(request.query.key)),
  );

  app.get<{ Querystring: AvailableTagsQuery }>(
    '/v2/resources/tags/availableTags',
    {
      schema: {
        tags,
        summary: 'Recommended tags for a type (public tags of the tag catalogue whose range holds it)',
        querystring: AvailableTagsQuery,
        response: { 200: Envelope(Type.Array(TagWire)) },
      },
    },
    async (request) => success(await catalogue.availableTags(request.query)),
  );

  app.get<{ Querystring: OperationCategoryQuery }>(
    '/v2/resources/operation-categories/listSimpleByGroup',
    {
      schema: {
        tags,
        summary: 'Market categories in groups (the market’s operationCategoryCode filter)',
        querystring: OperationCategoryQuery,
        response: { 200: Envelope(Type.Array(OperationGroupWire)) },
      },
    },
    async (request) => success(catalogue.operationCategories(request.query)),
  );
}
