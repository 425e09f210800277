// Wire shapes of the favourites calls (API.md §3.5, DOMAIN §2.10).
import { Type, type Static } from '@sinclair/typebox';
import { Hex24, IsoDate, PagingQuery } from './common';

export const FavouriteWire = Type.Object({
  resourceId: Hex24,
  resourceName: Type.String(),
  resourceTitle: Type.String(),
  resourceType: Type.Array(Type.String()),
  resourceTypeCode: Type.String(),
  coverImages: Type.Array(Type.String()),
  authorId: Type.Integer({ description: 'the owner of the resource' }),
  authorName: Type.String(),
  userId: Type.Integer({ description: 'who collected it' }),
  resourceStatus: Type.Integer({
    description: 'wire status of the resource: 0 unreleased, 1 online, 4 offline, 2 frozen',
  }),
  latestVersion: Type.String(),
  resourceUpdateDate: IsoDate,
  createDate: IsoDate,
});
export type FavouriteWire = Static<typeof FavouriteWire>;

export const AddFavouriteBody = Type.Object({ resourceId: Type.String({ maxLength: 24 }) });
export type AddFavouriteBody = Static<typeof AddFavouriteBody>;

export const FavouriteParams = Type.Object({ resourceId: Type.String({ maxLength: 24 }) });
export type FavouriteParams = Static<typeof FavouriteParams>;

export const FavouriteListQuery = Type.Object({
  ...PagingQuery,
  keywords: Type.Optional(
    Type.String({ maxLength: 100, description: 'words the name, title, intro or tags contain (any case)' }),
  ),
  resourceType: Type.Optional(Type.String({ maxLength: 60, description: 'an entry of the type path' })),
  resourceTypeCode: Type.Optional(Type.String({ maxLength: 60 })),
  resourceTypeCategory: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2, description: '2: resourceTypeCode is a parent type' }),
  ),
  omitResourceType: Type.Optional(Type.String({ maxLength: 60 })),
  resourceStatus: Type.Optional(Type.Unsafe<0 | 1 | 2 | 4>({ type: 'integer', enum: [0, 1, 2, 4] })),
});
export type FavouriteListQuery = Static<typeof FavouriteListQuery>;

export const IsCollectedQuery = Type.Object({
  resourceIds: Type.String({ maxLength: 100 * 25, description: 'comma list of resource ids (≤ 100)' }),
});
export type IsCollectedQuery = Static<typeof IsCollectedQuery>;

export const IsCollectedWire = Type.Object({ resourceId: Type.String(), isCollected: Type.Boolean() });
