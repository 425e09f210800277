// The favourites calls (API.md §3.5).
import type { Page } from '@tessera/domain';
import type { Static } from '@sinclair/typebox';
import type {
  AddFavouriteBody,
  FavouriteListQuery,
  FavouriteParams,
  FavouriteWire,
  IsCollectedQuery,
  IsCollectedWire,
} from '../favourites';
import { endpoint } from '../endpoint';

const FAVOURITES = '/collections/resources';

export const favouriteEndpoints = {
  /** Collecting again changes nothing. */
  add: endpoint<{ body: AddFavouriteBody; answer: FavouriteWire }>('POST', FAVOURITES),
  list: endpoint<{ query: FavouriteListQuery; answer: Page<FavouriteWire> }>('GET', FAVOURITES),
  /** Always false for visitors. */
  isCollected: endpoint<{ query: IsCollectedQuery; answer: Static<typeof IsCollectedWire>[] }>(
    'GET',
    `${FAVOURITES}/isCollected`,
  ),
  remove: endpoint<{ params: FavouriteParams; answer: true }>('DELETE', `${FAVOURITES}/:resourceId`),
  /** How many users collected the resource. */
  count: endpoint<{ params: FavouriteParams; answer: number }>('GET', `${FAVOURITES}/:resourceId/count`),
};
