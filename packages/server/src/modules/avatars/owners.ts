// The users as the avatar module needs them: who exists (and their name, for the generated
// avatar), and their avatar address, from the identity module's service.
import type { IdentityService } from '../identity';

export type AvatarOwner = { userId: number; username: string; headImage: string };

export interface AvatarOwners {
  findOwner(userId: number): Promise<AvatarOwner | undefined>;
  setHeadImage(userId: number, headImage: string): Promise<void>;
}

export function avatarOwnersFrom(identity: Pick<IdentityService, 'findUser' | 'setHeadImage'>): AvatarOwners {
  return {
    async findOwner(userId) {
      const user = await identity.findUser(userId);
      return user && { userId: user.userId, username: user.username, headImage: user.headImage };
    },
    setHeadImage: (userId, headImage) => identity.setHeadImage(userId, headImage),
  };
}
