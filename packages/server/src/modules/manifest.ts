// The one list of modules, in dependency order: each module takes services only from the modules
// above it (checked by ManifestOrder below, and by name when the app is built). The app (app.ts), the
// command line (cli/run.ts), the demo data (demo.ts) and the migrations all iterate this list, so
// adding a module means adding its entry here and nothing else central (see packages/server/README.md).
import { platformMigrations } from '../platform/db/migrations';
import { migrationsOf, type ManifestOrder, type ServicesOf } from '../platform/modules';
import { activitiesModule } from './activities';
import { authsModule } from './auths';
import { contractsModule } from './contracts';
import { avatarsModule } from './avatars';
import { exhibitsModule } from './exhibits';
import { favouritesModule } from './favourites';
import { filesModule } from './files';
import { i18nModule } from './i18n';
import { identityModule } from './identity';
import { messagesModule } from './messages';
import { nodeDataModule } from './nodedata';
import { nodesModule } from './nodes';
import { nodeSitesModule } from './nodesites';
import { passportModule } from './passport';
import { policiesModule } from './policies';
import { previewsModule } from './previews';
import { resourcesModule } from './resources';
import { siteThemesModule } from './sitethemes';
import { storageModule } from './storage';
import { thirdPartyModule } from './thirdparty';
import { versionsModule } from './versions';
import { walletModule } from './wallet';

export const MODULES = [
  i18nModule,
  activitiesModule,
  messagesModule,
  identityModule,
  passportModule,
  avatarsModule,
  thirdPartyModule,
  filesModule,
  storageModule,
  policiesModule,
  resourcesModule,
  favouritesModule,
  versionsModule,
  walletModule,
  nodesModule,
  nodeDataModule,
  contractsModule,
  authsModule,
  previewsModule,
  exhibitsModule,
  nodeSitesModule,
  siteThemesModule,
] as const;

/** Every module's services: `app.services`, and what tests arrange through (`t.services.resources…`). */
export type Services = ServicesOf<typeof MODULES>;

// Fails to compile, naming the module, when a module needs a service of a module listed below it.
const order: ManifestOrder<typeof MODULES> = 'in order';
void order;

/** The platform's migrations and every module's, in one order by name. */
export const MIGRATIONS = migrationsOf(MODULES, platformMigrations);

/** The database with every module's tables merged in (code outside the package imports it from here). */
export type { Db } from '../platform/db/database';
