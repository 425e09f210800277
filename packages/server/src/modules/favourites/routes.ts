// The favourites calls (API.md §3.5).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { success } from '../../platform/envelope';
import { Envelope, PageOf } from '@tessera/contract/common';
import { loggedInUser, requireLogin } from '../../platform/session';
import {
  AddFavouriteBody,
  FavouriteListQuery,
  FavouriteParams,
  FavouriteWire,
  IsCollectedQuery,
  IsCollectedWire,
} from '@tessera/contract/favourites';
import type { FavouriteService } from './service';

const tags = ['favourites'];
const FAVOURITES = '/v2/collections/resources';

const userIdOf = (request: FastifyRequest): number => loggedInUser(request).userId;

export function registerFavouriteRoutes(app: FastifyInstance, favourites: FavouriteService): void {
  app.post<{ Body: AddFavouriteBody }>(
    FAVOURITES,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Collect a resource the caller can see (their own too); collecting again changes nothing',
        body: AddFavouriteBody,
        response: { 200: Envelope(FavouriteWire) },
      },
    },
    async (request) => success(await favourites.add(userIdOf(request), request.body.resourceId, request.language)),
  );

  app.get<{ Querystring: FavouriteListQuery }>(
    FAVOURITES,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'The caller’s favourites, newest first',
        description:
          'keywords, resourceType / resourceTypeCode (resourceTypeCategory=2: everything below it), omitResourceType and resourceStatus look at the resources as they are now.',
        querystring: FavouriteListQuery,
        response: { 200: Envelope(PageOf(FavouriteWire)) },
      },
    },
    async (request) => success(await favourites.list(userIdOf(request), request.query, request.language)),
  );

  app.get<{ Querystring: IsCollectedQuery }>(
    `${FAVOURITES}/isCollected`,
    {
      schema: {
        tags,
        summary: 'Whether the caller collected each resource (always false for visitors)',
        querystring: IsCollectedQuery,
        response: { 200: Envelope(Type.Array(IsCollectedWire)) },
      },
    },
    async (request) => success(await favourites.isCollected(request.user?.userId ?? null, request.query.resourceIds)),
  );

  app.delete<{ Params: FavouriteParams }>(
    `${FAVOURITES}/:resourceId`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Stop collecting a resource',
        params: FavouriteParams,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => success(await favourites.remove(userIdOf(request), request.params.resourceId)),
  );

  app.get<{ Params: FavouriteParams }>(
    `${FAVOURITES}/:resourceId/count`,
    {
      schema: {
        tags,
        summary: 'How many users collected the resource',
        params: FavouriteParams,
        response: { 200: Envelope(Type.Integer()) },
      },
    },
    async (request) => success(await favourites.count(request.params.resourceId)),
  );
}
