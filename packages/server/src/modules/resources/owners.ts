// The owners of resources, as the identity module knows them.
import type { IdentityService } from '../identity/service';
import type { ResourceOwners } from './service';

export function resourceOwnersFrom(identity: Pick<IdentityService, 'resolveUser'>): ResourceOwners {
  return { usernameOf: async (userId) => (await identity.resolveUser(String(userId))).username };
}
