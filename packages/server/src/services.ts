// The modules' services, wired in dependency order. A module reaches another module only through
// the service it receives here, never through the other's tables.
import type { FastifyBaseLogger } from 'fastify';
import { ActivityRepo } from './modules/activities/repo';
import { ActivityService } from './modules/activities/service';
import { I18nRepo } from './modules/i18n/repo';
import { I18nService } from './modules/i18n/service';
import { IdentityRepo } from './modules/identity/repo';
import { IdentityService } from './modules/identity/service';
import { createMessageService } from './modules/messages/service';
import { LoginLimiter } from './modules/passport/limits';
import { LoginAttemptRepo } from './modules/passport/repo';
import { PassportService } from './modules/passport/service';
import type { Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { Db } from './platform/db/database';

export type ServiceContext = { db: Db; clock: Clock; config: Config; log: FastifyBaseLogger };

export function createServices({ db, clock, config, log }: ServiceContext) {
  const i18n = new I18nService(new I18nRepo(db), clock);
  const identity = new IdentityService(new IdentityRepo(db), clock);
  const passport = new PassportService(identity, new LoginLimiter(new LoginAttemptRepo(db), clock));
  const activities = new ActivityService(new ActivityRepo(db), clock);
  const messages = createMessageService({ db, clock, config, log, translator: i18n, addressBook: identity });
  return { i18n, identity, passport, activities, messages };
}

export type Services = ReturnType<typeof createServices>;
