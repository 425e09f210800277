import { Type } from '@sinclair/typebox';
import { ErrCode } from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { success, successSerializedOnce } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { Envelope, PageOf } from '@tessera/contract/common';
import { loggedInUser, requireLogin, type RequestSession } from '../../platform/session';
import { setSignedInCookies } from '../../platform/session-cookies';
import type { AccountServices } from './accounts';
import {
  AreaWire,
  ChangeAddressBody,
  CurrentUserWire,
  DetailInfoBody,
  PasswordCheckWire,
  RegisterBody,
  ResetPasswordBody,
  ResetPasswordParams,
  UpdatePasswordBody,
  UserListQuery,
  UserLookupQuery,
  UserSearchQuery,
  UserView,
  UserWire,
  VerifyPasswordQuery,
} from '@tessera/contract/identity';

const tags = ['users'];

function currentSession(request: FastifyRequest): RequestSession {
  if (!request.session) throw new AppError(ErrCode.NotLoggedIn, 'errors.notLoggedIn');
  return request.session;
}

export function registerIdentityRoutes(app: FastifyInstance, accounts: AccountServices): void {
  const { registration, profile, directory, credentials } = accounts;
  const callerId = (request: FastifyRequest) => request.user?.userId ?? null;
  const sendCurrentUser = successSerializedOnce();

  app.post<{ Body: RegisterBody }>(
    '/v2/users',
    {
      schema: {
        tags,
        summary:
          'Register with an e-mail address or mobile number and its register code; answers the user (not signed in)',
        description:
          'Username and address must be free (errCode 2). At most 10 accounts per IP address per hour: errCode 2 with data.retryAfterSeconds.',
        body: RegisterBody,
        response: { 200: Envelope(UserWire) },
      },
    },
    async (request) => success(await registration.register({ ...request.body, ip: request.ip })),
  );

  app.get(
    '/v2/users/current',
    {
      config: { ...requireLogin, sessionWithProfile: true },
      schema: { tags, summary: 'The logged-in user with its detail', response: { 200: Envelope(CurrentUserWire) } },
    },
    async (request, reply) => sendCurrentUser(reply, await profile.current(loggedInUser(request))),
  );

  app.get<{ Querystring: UserLookupQuery }>(
    '/v2/users/detail',
    {
      schema: {
        tags,
        summary: 'A user by userId, username, email or mobile (e-mail and mobile need a session), or null',
        description:
          'Public fields only (userId, username, headImage, userType, createDate), except for the caller themself.',
        querystring: UserLookupQuery,
        response: { 200: Envelope(Type.Union([UserView, Type.Null()])) },
      },
    },
    async (request) => success(await directory.detail(request.query, callerId(request))),
  );

  app.get<{ Querystring: UserListQuery }>(
    '/v2/users/list',
    {
      schema: {
        tags,
        summary: 'Users by id (up to 200), in the order given; unknown ids are left out',
        querystring: UserListQuery,
        response: { 200: Envelope(Type.Array(UserView)) },
      },
    },
    async (request) => success(await directory.list(request.query.userIds, callerId(request))),
  );

  for (const url of ['/v2/users/search', '/v2/users/searchForConsole']) {
    app.get<{ Querystring: UserSearchQuery }>(
      url,
      {
        config: requireLogin,
        schema: {
          tags,
          summary: 'Users whose username contains the keywords (any case), newest first',
          querystring: UserSearchQuery,
          response: { 200: Envelope(PageOf(UserView)) },
        },
      },
      async (request) => success(await directory.search(request.query, callerId(request))),
    );
  }

  app.put<{ Body: DetailInfoBody }>(
    '/v2/users/current/detailInfo',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Change the profile: the fields given (area name derived from the code)',
        body: DetailInfoBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => success(await profile.updateDetail(loggedInUser(request).userId, request.body)),
  );

  app.put<{ Body: UpdatePasswordBody }>(
    '/v2/users/current/updatePassword',
    {
      config: requireLogin,
      schema: {
        tags,
        summary:
          'Change the password: every session ends, and this caller gets a new one (new cookies, or a new Authorization header)',
        body: UpdatePasswordBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request, reply) => {
      const session = currentSession(request);
      const renewed = await credentials.updatePassword({
        ...request.body,
        userId: loggedInUser(request).userId,
        sessionId: session.sessionId,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      if (session.via === 'bearer') {
        reply.header('authorization', `Bearer ${renewed.sessionId}`);
      } else {
        setSignedInCookies(app, request, reply, {
          sessionId: renewed.sessionId,
          userId: session.user.userId,
          isRemember: renewed.isRemember,
        });
      }
      return success(true as const);
    },
  );

  app.put<{ Params: ResetPasswordParams; Body: ResetPasswordBody }>(
    '/v2/users/:loginName/resetPassword',
    {
      schema: {
        tags,
        summary:
          'Reset the password with a resetPassword code sent to the e-mail or mobile in the path; ends every session',
        params: ResetPasswordParams,
        body: ResetPasswordBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) =>
      success(await credentials.resetPassword({ loginName: request.params.loginName, ...request.body })),
  );

  app.get<{ Querystring: VerifyPasswordQuery }>(
    '/v2/users/verifyLoginPassword',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "Check the caller's password; state is a token valid 5 minutes when it is right",
        querystring: VerifyPasswordQuery,
        response: { 200: Envelope(PasswordCheckWire) },
      },
    },
    async (request) =>
      success(await credentials.verifyLoginPassword(loggedInUser(request).userId, request.query.password)),
  );

  app.put<{ Body: ChangeAddressBody }>(
    '/v2/users/current/mobileOrEmail',
    {
      config: requireLogin,
      schema: {
        tags,
        summary:
          'Bind a new e-mail or mobile in place of the one of the same kind (updateMobileOrEmail codes at the old address, when bound, and the new)',
        body: ChangeAddressBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) =>
      success(await credentials.changeAddress({ ...request.body, userId: loggedInUser(request).userId })),
  );

  app.get(
    '/v2/areas/provinces',
    {
      schema: {
        tags: ['areas'],
        summary: 'The provinces and their cities (municipalities: their districts), sorted by code; Chinese names',
        response: { 200: Envelope(Type.Array(AreaWire)) },
      },
    },
    async () => success(accounts.areas().provinces),
  );
}
