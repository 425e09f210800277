// The users as the avatar module needs them: who exists (and their name, for the generated
// avatar), and their avatar address. IdentityService has no call for either yet, so this goes
// through the identity module's own repo; when identity offers them, only this file changes.
import type { Clock } from '../../platform/clock';
import type { IdentityRepo } from '../identity/repo';

export type AvatarOwner = { userId: number; username: string; headImage: string };

export interface AvatarOwners {
  findOwner(userId: number): Promise<AvatarOwner | undefined>;
  setHeadImage(userId: number, headImage: string): Promise<void>;
}

export function avatarOwnersFrom(identityRepo: IdentityRepo, clock: Clock): AvatarOwners {
  return {
    async findOwner(userId) {
      const user = await identityRepo.findUser(userId);
      return user && { userId: user.userId, username: user.username, headImage: user.headImage };
    },
    async setHeadImage(userId, headImage) {
      await identityRepo.updateUser(userId, { headImage, updateDate: clock.now().toISOString() });
    },
  };
}
