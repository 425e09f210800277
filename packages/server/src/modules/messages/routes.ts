import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { success } from '../../platform/envelope';
import { Envelope } from '@tessera/contract/common';
import { SendCodeBody, VerifyCodeQuery } from '@tessera/contract/messages';
import type { MessageService } from './service';

export function registerMessageRoutes(app: FastifyInstance, messages: MessageService): void {
  app.post<{ Body: SendCodeBody }>(
    '/v2/messages/send',
    {
      schema: {
        tags: ['messages'],
        summary: 'Send a verification code (6 digits, valid 5 minutes) to an e-mail address or mobile number',
        description:
          'register needs an address no account uses, the other types an address bound to an account (updateMobileOrEmail: logged in, ' +
          'the caller’s own address or a free one). One code per address and type per minute, 20 per address per day, 30 per IP per hour: ' +
          'beyond that errCode 2 with data.retryAfterSeconds.',
        body: SendCodeBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) =>
      success(
        await messages.send({
          ...request.body,
          language: request.language,
          ip: request.ip,
          userId: request.user?.userId ?? null,
        }),
      ),
  );

  app.get<{ Querystring: VerifyCodeQuery }>(
    '/v2/messages/verify',
    {
      schema: {
        tags: ['messages'],
        summary:
          'Whether a verification code is right, without using it up (a wrong code counts as one of its 5 tries)',
        querystring: VerifyCodeQuery,
        response: { 200: Envelope(Type.Boolean()) },
      },
    },
    async (request) =>
      success(
        await messages.verify({
          address: request.query.address,
          authCodeType: request.query.authCodeType,
          authCode: request.query.authCode,
        }),
      ),
  );
}
