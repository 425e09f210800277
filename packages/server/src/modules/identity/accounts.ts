// The account services built on IdentityService: registration, the user's own profile, look-ups
// of users, passwords and login addresses, and the area catalogue.
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { AttemptCounterRepo } from '../../platform/limits/counters';
import { AttemptLimiter } from '../../platform/limits/limiter';
import { resolveSessionSecret } from '../../platform/secrets';
import { chinaAreas } from './areas';
import type { CodeConsumer } from './codes';
import { CredentialService } from './credentials';
import { UserDirectory } from './directory';
import { PasswordProofs } from './password-proof';
import { ProfileService } from './profile';
import { RegistrationService } from './registration';
import { IdentityRepo } from './repo';
import type { IdentityService } from './service';

export type AccountContext = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'sessionSecret' | 'utcOffsetMinutes'>;
  identity: IdentityService;
  codes: CodeConsumer;
};

export function createAccountServices({ db, clock, config, identity, codes }: AccountContext) {
  const repo = new IdentityRepo(db);
  const registerLimiter = new AttemptLimiter(new AttemptCounterRepo(db), clock, 'accounts.registerLimited');
  const proofs = new PasswordProofs(() => resolveSessionSecret(db, config.sessionSecret), clock);
  return {
    registration: new RegistrationService(identity, codes, registerLimiter),
    profile: new ProfileService(repo, clock, chinaAreas, config.utcOffsetMinutes),
    directory: new UserDirectory(repo),
    credentials: new CredentialService({ identity, repo, codes, proofs, clock }),
    proofs,
    areas: chinaAreas,
  };
}

export type AccountServices = ReturnType<typeof createAccountServices>;
