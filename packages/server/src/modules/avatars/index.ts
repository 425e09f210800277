// Public surface of the avatars module (DOMAIN §2.1 headImage): /avatars/{userId} and the upload.
import { defineModule } from '../../platform/modules';
import type { IdentityService } from '../identity';
import { avatars as avatarsMigration } from './migrations/0005_avatars';
import { avatarOwnersFrom } from './owners';
import { AvatarRepo } from './repo';
import { registerAvatarRoutes } from './routes';
import { AvatarService } from './service';

export type { AvatarService } from './service';
export type { AvatarsTable } from './tables';

export const avatarsModule = defineModule({
  name: 'avatars',
  services: ({ db, clock }, { identity }: { identity: Pick<IdentityService, 'findUser' | 'setHeadImage'> }) => ({
    avatars: new AvatarService(new AvatarRepo(db), avatarOwnersFrom(identity), clock),
  }),
  routes: (app, { avatars }) => registerAvatarRoutes(app, avatars),
  migrations: { '0005_avatars': avatarsMigration },
});
