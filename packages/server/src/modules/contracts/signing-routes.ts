// The signing calls (API.md §3.11): batchSign for resources and nodes (and consumers), the consumer's POST.
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
        summary: 'A resource or node of the caller signs resources’ policies; live contracts are answered unchanged',
        description:
          'subjectType 1 with licenseeIdentityType 1 (a resource of the caller, not a subject) or 2 (a node of the caller, live and not frozen): each subject must be online and unfrozen. subjectType 2 with licenseeIdentityType 3 (licenseeId = the caller’s user id): the caller signs exhibits, each online in a node that is not frozen and not the caller’s. The policy must be an enabled binding of the subject whose audiences admit the licensee; any refusal signs nothing (errCode 2, errCode 3 when the licensee is another user’s or not the caller). The answer follows the subjects’ order.',
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
        summary: 'The caller signs an exhibit’s policy as consumer; a live contract is answered unchanged',
        description:
          'Only subjectType 2 with licenseeIdentityType 3 (errCode 4 otherwise) and licenseeId = the caller’s user id (errCode 3 otherwise). The exhibit must be online in a node that is neither frozen nor the caller’s, the policy an enabled binding of it whose audiences admit the caller (errCode 2 otherwise). The caller’s first live contract on the exhibit becomes their default.',
        body: SignContractBody,
        response: { 200: Envelope(ContractWire) },
      },
    },
    async (request) => success(await contracts.sign(loggedInUser(request).userId, request.body)),
  );
}
