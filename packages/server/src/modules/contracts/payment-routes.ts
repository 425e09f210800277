// The payment call (API.md §3.11, DOMAIN §7.3): the licensee's owner pays a TransactionEvent.
import { Envelope } from '@tessera/contract/common';
import { ContractIdParams, ContractPaymentBody, ContractPaymentWire } from '@tessera/contract/contracts';
import type { FastifyInstance } from 'fastify';
import { success } from '../../platform/envelope';
import { loggedInUser, requireLogin } from '../../platform/session';
import type { ContractPayments } from './payments';

export function registerPaymentRoutes(app: FastifyInstance, payments: ContractPayments): void {
  app.post<{ Params: ContractIdParams; Body: ContractPaymentBody }>(
    '/v2/contracts/:contractId/events/payment',
    {
      config: requireLogin,
      schema: {
        tags: ['contracts'],
        summary: 'The licensee’s owner pays a TransactionEvent of the contract’s current state',
        description:
          'One transaction: the ledger transfer to the account bound to self.account and the contract’s transition, or nothing. An Idempotency-Key header (or idempotencyKey, ≤ 64 characters) answers a repeat with the first payment (errCode 4, data.code E1022 when it paid something else); without one a key per state entry and event keeps a double click from paying twice. Refusals: errCode 2 (errCode 3 for the licensor, E1003) with the DOMAIN §7.4 code in data.code — E1020 amount, E1021 event not available now, E1005/E1006/E1009/E1010/E1011/E1013. Answers status 2 and the contract’s new state.',
        params: ContractIdParams,
        body: ContractPaymentBody,
        response: { 200: Envelope(ContractPaymentWire) },
      },
    },
    async (request) => {
      const header = request.headers['idempotency-key'];
      const headerKey = typeof header === 'string' ? header : undefined;
      const answer = await payments.pay(loggedInUser(request).userId, request.params.contractId, {
        ...request.body,
        ...(headerKey === undefined ? {} : { headerKey }),
      });
      return success(answer);
    },
  );
}
