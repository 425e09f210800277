// The wallet calls: accounts (API.md §3.12, DOMAIN §7.1) and the daily sign-in (API.md §3.9, DOMAIN §7.6).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Envelope } from '@tessera/contract/common';
import {
  AccountParams,
  AccountWire,
  ActivateAccountBody,
  ChangePayPasswordBody,
  ResetPayPasswordBody,
  SignInInfoWire,
  SignInWire,
  VerifyPayPasswordQuery,
} from '@tessera/contract/wallet';
import { success } from '../../platform/envelope';
import { loggedInUser, requireLogin } from '../../platform/session';
import type { AccountService } from './accounts';
import type { SignInService } from './sign-in';

const tags = ['wallet'];
const ACCOUNTS = '/v2/accounts/individualAccounts';

const userIdOf = (request: FastifyRequest): number => loggedInUser(request).userId;

export function registerWalletRoutes(
  app: FastifyInstance,
  { walletAccounts, signIns }: { walletAccounts: AccountService; signIns: SignInService },
): void {
  app.get<{ Querystring: VerifyPayPasswordQuery }>(
    `${ACCOUNTS}/verifyTransactionPassword`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Whether the pay password is right; a wrong one counts toward the 30-minute lock',
        description:
          'errCode 2 with data.code E1005 (not activated), E1006 (frozen) or E1011 (locked after 5 wrong in a row).',
        querystring: VerifyPayPasswordQuery,
        response: { 200: Envelope(Type.Boolean()) },
      },
    },
    async (request) => success(await walletAccounts.verifyPayPassword(userIdOf(request), request.query.password)),
  );

  app.put<{ Body: ActivateAccountBody }>(
    `${ACCOUNTS}/activate`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Activate the caller’s account with an activateTransactionAccount code and a 6-digit pay password',
        body: ActivateAccountBody,
        response: { 200: Envelope(AccountWire) },
      },
    },
    async (request) => success(await walletAccounts.activate(userIdOf(request), request.body)),
  );

  app.put<{ Body: ResetPayPasswordBody }>(
    `${ACCOUNTS}/resetPassword`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Reset a forgotten pay password with an updateTransactionAccountPwd code and the login password',
        body: ResetPayPasswordBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => success(await walletAccounts.resetPayPassword(userIdOf(request), request.body)),
  );

  app.put<{ Body: ChangePayPasswordBody }>(
    ACCOUNTS,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Change the pay password (the old one and an updateTransactionAccountPwd code)',
        body: ChangePayPasswordBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => success(await walletAccounts.changePayPassword(userIdOf(request), request.body)),
  );

  app.get<{ Params: AccountParams }>(
    `${ACCOUNTS}/:userId`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'The caller’s individual account (another user’s is errCode 3)',
        params: AccountParams,
        response: { 200: Envelope(AccountWire) },
      },
    },
    async (request) => success(await walletAccounts.read(userIdOf(request), request.params.userId)),
  );

  app.get(
    '/v2/activities/facade/sign',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'The daily sign-in: once per platform-time-zone day, a reward into the wallet',
        description:
          'First sign-in 100.00, later ones 30.00, until the sign-in rewards reach 1000.00. errCode 2 when already signed in today.',
        response: { 200: Envelope(SignInWire) },
      },
    },
    async (request) => success(await signIns.sign(userIdOf(request))),
  );

  app.get(
    '/v2/activities/facade/signInfo',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'The caller’s sign-in streak and rewards',
        response: { 200: Envelope(SignInInfoWire) },
      },
    },
    async (request) => success(await signIns.info(userIdOf(request))),
  );
}
