// Public surface of the identity module (DOMAIN §1.7, §2.1–2.3): users, their sessions and details,
// registration, profiles, credentials; `tessera admin user …`. It answers the messages module's
// `addressBook` port and takes verification codes from it.
import { durationMs } from '../../platform/clock';
import { defineModule } from '../../platform/modules';
import type { MessageService } from '../messages';
import { createAccountServices } from './accounts';
import { runUserCommand } from './cli';
import { loadDemoUsers } from './demo';
import { uniqueAccounts } from './migrations/0004_unique_accounts';
import { IdentityRepo } from './repo';
import { registerIdentityRoutes } from './routes';
import { IdentityService, type UserCreatedListener } from './service';

export { DEMO_PASSWORD } from './demo';
export { loginNameField } from './login-name';
export type { UserRow } from './repo';
export { IdentityService, toUserWire, type NewSession, type NewUser, type UserCreatedListener } from './service';
export type { SessionsTable, UserDetailsTable, UsersTable } from './tables';

declare module '../../platform/modules' {
  interface ModulePorts {
    /** Told of each new user once it is stored (the wallet module opens the user's account). */
    userCreated: { userCreated: UserCreatedListener };
  }
}

export const identityModule = defineModule({
  name: 'identity',
  services: ({ db, clock, config, ports }, { messages }: { messages: Pick<MessageService, 'consumeCode'> }) => {
    const listeners = ports.list('userCreated');
    const identity = new IdentityService(new IdentityRepo(db), clock, async (user) => {
      for (const listener of listeners.all()) await listener.userCreated(user);
    });
    return { identity, accounts: createAccountServices({ db, clock, config, identity, codes: messages }) };
  },
  ports: ({ identity }) => ({ addressBook: identity }),
  routes: (app, { accounts }) => registerIdentityRoutes(app, accounts),
  jobs: ({ identity }) => [
    { name: 'identity:sessions', everyMs: durationMs({ hours: 1 }), run: (now) => identity.sweepSessions(now) },
  ],
  admin: {
    area: 'user',
    summary: 'manage users: list, freeze, unfreeze',
    run: (argv, { identity }, { print }) => runUserCommand(argv, { identity, print }),
  },
  demo: [{ name: 'demo:users', stage: 'data', load: loadDemoUsers }],
  migrations: { '0004_unique_accounts': uniqueAccounts },
});
