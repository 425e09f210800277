// Public surface of the passport module (DOMAIN §1.7): sign-in and sign-out with a password, the
// sessions they start (for other sign-ins too: third-party), and safe return addresses.
import { AttemptCounterRepo } from '../../platform/limits/counters';
import { AttemptLimiter } from '../../platform/limits/limiter';
import { defineModule } from '../../platform/modules';
import type { IdentityService } from '../identity';
import { registerPassportRoutes } from './routes';
import { PassportService } from './service';

export { sameSiteReturnPath } from './return-url';
export type { LoginResult, PassportService } from './service';

export const passportModule = defineModule({
  name: 'passport',
  services: ({ db, clock }, { identity }: { identity: IdentityService }) => ({
    passport: new PassportService(
      identity,
      new AttemptLimiter(new AttemptCounterRepo(db), clock, 'accounts.loginLimited'),
    ),
  }),
  routes: (app, { passport }) => registerPassportRoutes(app, passport),
});
