// The signing calls (API.md §3.11): batchSign for resources (nodes later) and the consumer's POST.
import { Type } from '@sinclair/typebox';
import { Envelope } from '@tessera/contract/common';
import { BatchSignBody, ContractWire, SignContractBody } from '@tessera/contract/contracts';
import type { FastifyInstance } from 'fastify';
import { success } from '../../platform/envelope';
import { loggedInUser, requireLogin } from '../../platform/session';
import type { ContractService } from './service';

const tags = ['contracts'];

export function registerSigningRoutes(app: FastifyInstance, contracts: ContractService): void {
  app.post<{ Body: BatchSignBody }>(
    '/v2/contracts/batchSign',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'A resource of the caller signs resources’ policies; live contracts are answered unchanged',
        description:
          'subjectType 1 with licenseeIdentityType 1 (a resource of the caller, not a subject). Each subject must be online and unfrozen, the policy an enabled binding of it whose audiences admit the licensee; any refusal signs nothing (errCode 2, errCode 3 when the licensee is another user’s). Nodes (identity 2) and exhibits (subject type 2) are not available yet (errCode 2). The answer follows the subjects’ order.',
        body: BatchSignBody,
        response: { 200: Envelope(Type.Array(ContractWire)) },
      },
    },
    async (request) => success(await contracts.batchSign(loggedInUser(request).userId, request.body)),
  );

  app.post<{ Body: SignContractBody }>(
    '/v2/contracts',
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'A consumer signs an exhibit’s policy (exhibits are not available yet: errCode 2)',
        description: 'Only subjectType 2 with licenseeIdentityType 3 (errCode 4 otherwise).',
        body: SignContractBody,
        response: { 200: Envelope(ContractWire) },
      },
    },
    async (request) => success(await contracts.sign(loggedInUser(request).userId, request.body)),
  );
}
