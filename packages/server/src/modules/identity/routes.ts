import type { FastifyInstance } from 'fastify';
import { success } from '../../platform/envelope';
import { Envelope } from '../../platform/schemas';
import { loggedInUser, requireLogin } from '../../platform/session';
import { UserWire } from './schemas';
import type { IdentityService } from './service';

export function registerIdentityRoutes(app: FastifyInstance, identity: IdentityService): void {
  app.get(
    '/v2/users/current',
    {
      config: requireLogin,
      schema: { tags: ['users'], summary: 'The logged-in user', response: { 200: Envelope(UserWire) } },
    },
    async (request) => success(await identity.currentUser(loggedInUser(request).userId)),
  );
}
