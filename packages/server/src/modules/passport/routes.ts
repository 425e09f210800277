import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { success } from '../../platform/envelope';
import { Envelope } from '@tessera/contract/common';
import { presentedSessionId } from '../../platform/session';
import { setXsrfCookie } from '../../platform/xsrf';
import { UserWire } from '@tessera/contract/identity';
import { clearSessionCookies, setSignedInCookies } from '../../platform/session-cookies';
import { sameSiteReturnPath } from './return-url';
import { JwtType, LoginBody, LogoutQuery } from '@tessera/contract/passport';
import type { PassportService } from './service';

export function registerPassportRoutes(app: FastifyInstance, passport: PassportService): void {
  app.post<{ Body: LoginBody }>(
    '/v2/passport/login',
    {
      schema: {
        tags: ['passport'],
        summary: 'Sign in with a username, e-mail or mobile number; answers the user',
        body: LoginBody,
        response: { 200: Envelope(UserWire) },
      },
    },
    async (request, reply) => {
      const { loginName, password, isRemember, jwtType } = request.body;
      const result = await passport.login({
        loginName,
        password,
        isRemember: isRemember === 1,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        previousSessionId: presentedSessionId(request)?.sessionId,
      });
      if (jwtType === JwtType.Header) {
        reply.header('authorization', `Bearer ${result.sessionId}`);
      } else {
        setSignedInCookies(app, request, reply, {
          sessionId: result.sessionId,
          userId: result.user.userId,
          isRemember: result.isRemember,
        });
      }
      return success(result.user);
    },
  );

  app.get<{ Querystring: LogoutQuery }>(
    '/v2/passport/logout',
    {
      schema: {
        tags: ['passport'],
        summary: 'Sign out: ends the session, clears the cookies; redirects to returnUrl when it is on this site',
        querystring: LogoutQuery,
        response: { 200: Envelope(Type.Boolean()) },
      },
    },
    async (request, reply) => {
      await passport.logout(presentedSessionId(request)?.sessionId);
      clearSessionCookies(reply);
      setXsrfCookie(request, reply, app.xsrf.newVisitorToken());
      const returnPath = sameSiteReturnPath(request.query.returnUrl, request);
      if (returnPath !== null) return reply.redirect(returnPath, 302);
      return success(true);
    },
  );
}
