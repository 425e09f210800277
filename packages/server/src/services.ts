// The modules' services, wired in dependency order. A module reaches another module only through
// the service it receives here, never through the other's tables.
import { ActivityRepo } from './modules/activities/repo';
import { ActivityService } from './modules/activities/service';
import { I18nRepo } from './modules/i18n/repo';
import { I18nService } from './modules/i18n/service';
import { IdentityRepo } from './modules/identity/repo';
import { IdentityService } from './modules/identity/service';
import type { Clock } from './platform/clock';
import type { Db } from './platform/db/database';

export type ServiceContext = { db: Db; clock: Clock };

export function createServices({ db, clock }: ServiceContext) {
  const i18n = new I18nService(new I18nRepo(db), clock);
  const identity = new IdentityService(new IdentityRepo(db), clock);
  const activities = new ActivityService(new ActivityRepo(db), clock);
  return { i18n, identity, activities };
}

export type Services = ReturnType<typeof createServices>;
