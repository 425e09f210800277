// The favourites tables (resource_favourites): row types, merged into Database.

/** A collected resource (DOMAIN §2.10). */
export type ResourceFavouritesTable = {
  userId: number;
  resourceId: string;
  createDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    resource_favourites: ResourceFavouritesTable;
  }
}
