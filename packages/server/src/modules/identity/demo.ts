// Demo users with known passwords (for trying Tessera and for the E2E tests): one signs in by
// e-mail or username, one by mobile number, and one is frozen with a reason.
import { fixedClock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { IdentityRepo } from './repo';
import { IdentityService, type NewUser } from './service';

export const DEMO_PASSWORD = 'Tessera2026';

type DemoUser = Omit<NewUser, 'password' | 'passwordHash'> & { freezeReason?: string };

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'alice', email: 'alice@tessera.local', userType: 1 },
  { username: 'bob', mobile: '13800000001' },
  {
    username: 'mallory',
    email: 'mallory@tessera.local',
    freezeReason: '多次发布侵权资源 / Repeatedly published infringing resources',
  },
];

export async function loadDemoUsers(db: Db, now: Date): Promise<void> {
  const identity = new IdentityService(new IdentityRepo(db), fixedClock(now));
  for (const { freezeReason, ...user } of DEMO_USERS) {
    const row = await identity.createUser({ ...user, password: DEMO_PASSWORD });
    if (freezeReason) await identity.freezeUser(row.userId, freezeReason);
  }
}
