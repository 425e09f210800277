// Public surface of the favourites module (DOMAIN §2.10), the smallest complete module: a user
// collects resources they can see; resource details come from the resources module when read.
import { defineModule } from '../../platform/modules';
import { FavouriteRepo } from './repo';
import { registerFavouriteRoutes } from './routes';
import { FavouriteService, type FavouriteResources } from './service';

export type { FavouriteService } from './service';
export type { ResourceFavouritesTable } from './tables';

export const favouritesModule = defineModule({
  name: 'favourites',
  services: ({ db, clock }, { resourceQueries }: { resourceQueries: FavouriteResources }) => ({
    favourites: new FavouriteService({ repo: new FavouriteRepo(db), resources: resourceQueries, clock }),
  }),
  routes: (app, { favourites }) => registerFavouriteRoutes(app, favourites),
});
