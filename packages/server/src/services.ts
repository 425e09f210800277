// The modules' services, wired in dependency order. A module reaches another module only through
// the service it receives here, never through the other's tables.
import type { FastifyBaseLogger } from 'fastify';
import { ActivityRepo } from './modules/activities/repo';
import { ActivityService } from './modules/activities/service';
import { avatarOwnersFrom } from './modules/avatars/owners';
import { AvatarRepo } from './modules/avatars/repo';
import { AvatarService } from './modules/avatars/service';
import { I18nRepo } from './modules/i18n/repo';
import { I18nService } from './modules/i18n/service';
import { FileRepo } from './modules/files/repo';
import { FileService } from './modules/files/service';
import { createAccountServices } from './modules/identity/accounts';
import { IdentityRepo } from './modules/identity/repo';
import { IdentityService } from './modules/identity/service';
import { createMessageService } from './modules/messages/service';
import { PassportService } from './modules/passport/service';
import { OidcRelyingParty } from './modules/thirdparty/oidc';
import { StorageRepo } from './modules/storage/repo';
import { StorageService } from './modules/storage/service';
import { ThirdPartyRepo } from './modules/thirdparty/repo';
import { ThirdPartyService } from './modules/thirdparty/service';
import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Db } from './platform/db/database';
import { createFileStore } from './platform/files/create-store';
import { AttemptCounterRepo } from './platform/limits/counters';
import { AttemptLimiter } from './platform/limits/limiter';
import { createResourceServices } from './modules/resources/create';
import { FavouriteRepo } from './modules/favourites/repo';
import { FavouriteService } from './modules/favourites/service';
import { VersionRepo } from './modules/versions/repo';
import { VersionService } from './modules/versions/service';
import { VersionTrees } from './modules/versions/trees';

export type ServiceContext = { db: Db; clock: Clock; config: Config; log: FastifyBaseLogger };

export function createServices({ db, clock, config, log }: ServiceContext) {
  const i18n = new I18nService(new I18nRepo(db), clock);
  const identity = new IdentityService(new IdentityRepo(db), clock);
  const passport = new PassportService(
    identity,
    new AttemptLimiter(new AttemptCounterRepo(db), clock, 'accounts.loginLimited'),
  );
  const activities = new ActivityService(new ActivityRepo(db), clock);
  const messages = createMessageService({ db, clock, config, log, translator: i18n, addressBook: identity });
  const accounts = createAccountServices({ db, clock, config, identity, codes: messages });
  const avatars = new AvatarService(new AvatarRepo(db), avatarOwnersFrom(new IdentityRepo(db), clock), clock);
  const thirdParty = new ThirdPartyService({
    repo: new ThirdPartyRepo(db),
    providers: config.oidcProviders,
    relyingParty: new OidcRelyingParty(),
    identity,
    passport,
    clock,
    log,
  });
  // Uploads check the quota, which the storage module counts: the closure is called after both exist.
  const files: FileService = new FileService({
    repo: new FileRepo(db),
    store: createFileStore(config),
    clock,
    config,
    log,
    usage: { usedBytes: (userId): Promise<number> => storage.usedBytes(userId) },
  });
  const storage: StorageService = new StorageService({ repo: new StorageRepo(db), files, clock, config });
  files.addReferenceSource(storage);
  const { policies, catalogue, resources, resourceQueries } = createResourceServices({
    db,
    clock,
    config,
    identity,
    texts: i18n,
  });
  const favourites = new FavouriteService({ repo: new FavouriteRepo(db), resources: resourceQueries, clock });
  const versionRepo = new VersionRepo(db);
  const versions = new VersionService({ repo: versionRepo, files, resources, resourceQueries, clock });
  const versionTrees = new VersionTrees(versionRepo, resourceQueries);
  resources.attachVersions(versions);
  files.addReferenceSource(versions);
  return {
    i18n,
    identity,
    passport,
    activities,
    messages,
    avatars,
    accounts,
    thirdParty,
    files,
    storage,
    policies,
    catalogue,
    resources,
    resourceQueries,
    favourites,
    versions,
    versionTrees,
  };
}

export type Services = ReturnType<typeof createServices>;
