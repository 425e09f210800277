// Public surface of the thirdparty module: sign-in with OpenID Connect providers (OIDC_PROVIDERS),
// binding their identities to users.
import { durationMs } from '../../platform/clock';
import { defineModule } from '../../platform/modules';
import type { IdentityService } from '../identity';
import type { PassportService } from '../passport';
import { thirdParty as thirdPartyMigration } from './migrations/0006_third_party';
import { OidcRelyingParty } from './oidc';
import { ThirdPartyRepo } from './repo';
import { registerThirdPartyRoutes } from './routes';
import { ThirdPartyService } from './service';

export type { ThirdPartyService } from './service';
export type { ThirdPartyAuthorizationsTable, ThirdPartyIdentitiesTable } from './tables';

export const thirdPartyModule = defineModule({
  name: 'thirdparty',
  services: (
    { db, clock, config, log },
    { identity, passport }: { identity: IdentityService; passport: PassportService },
  ) => ({
    thirdParty: new ThirdPartyService({
      repo: new ThirdPartyRepo(db),
      providers: config.oidcProviders,
      relyingParty: new OidcRelyingParty(),
      identity,
      passport,
      clock,
      log,
    }),
  }),
  routes: (app, { thirdParty }) => registerThirdPartyRoutes(app, thirdParty),
  jobs: ({ thirdParty }) => [
    { name: 'thirdparty:sweep', everyMs: durationMs({ hours: 1 }), run: (now) => thirdParty.sweep(now) },
  ],
  migrations: { '0006_third_party': thirdPartyMigration },
});
