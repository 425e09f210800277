// The contract reads (API.md §3.11, §5.2): lists, detail, suggestions, counts, transition records,
// isCanExecEvent and setDefault. Everything but the public subject counts needs a signed-in caller.
import { Type } from '@sinclair/typebox';
import { Envelope, PageOf } from '@tessera/contract/common';
import {
  CanExecEventQuery,
  CanExecEventWire,
  ContractDetailQuery,
  ContractIdParams,
  ContractListQuery,
  ContractPageQuery,
  ContractView,
  KeywordSuggestionWire,
  KeywordSuggestQuery,
  SignCountQuery,
  SignCountWire,
  SubjectSignCountQuery,
  SubjectSignCountWire,
  TransitionRecordsQuery,
  TransitionRecordWire,
} from '@tessera/contract/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { success } from '../../platform/envelope';
import { loggedInUser, requireLogin } from '../../platform/session';
import type { ContractReads } from './reads';

const tags = ['contracts'];
const CONTRACTS = '/v2/contracts';
const PARTIES_ONLY = 'Only the owners of the licensor and of the licensee read a contract; to others it is errCode 2.';
const PROJECTION =
  'projection keeps the listed contract fields; isLoadPolicyInfo=1 adds policyInfo (translated with isTranslate=1).';

const userIdOf = (request: FastifyRequest): number => loggedInUser(request).userId;

export function registerContractReadRoutes(app: FastifyInstance, reads: ContractReads): void {
  app.get<{ Querystring: ContractPageQuery }>(
    CONTRACTS,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'The caller’s contracts as licensor (identityType 1) or licensee (2), newest first',
        description: `displayStatus (ours) groups them as the lists do: 0 pending, 1 authorised, 2 stopped. startDate and endDate bound createDate on the platform calendar (a plain endDate includes its whole day). ${PROJECTION}`,
        querystring: ContractPageQuery,
        response: { 200: Envelope(PageOf(ContractView)) },
      },
    },
    async (request) => success(await reads.page(userIdOf(request), request.query, request.language)),
  );

  app.get<{ Querystring: ContractListQuery }>(
    `${CONTRACTS}/list`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'The caller’s contracts by contract ids (in that order) or subject ids (newest first), ≤ 300',
        description: `Contracts the caller is neither party’s owner of are left out. ${PROJECTION}`,
        querystring: ContractListQuery,
        response: { 200: Envelope(Type.Array(ContractView)) },
      },
    },
    async (request) => success(await reads.list(userIdOf(request), request.query, request.language)),
  );

  app.get<{ Querystring: KeywordSuggestQuery }>(
    `${CONTRACTS}/keywordSuggest`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary:
          'Subject names (prefixType 1) or the other party’s names (2) starting with prefix, most used first (≤ 10)',
        querystring: KeywordSuggestQuery,
        response: { 200: Envelope(Type.Array(KeywordSuggestionWire)) },
      },
    },
    async (request) => success(await reads.keywordSuggest(userIdOf(request), request.query)),
  );

  app.get<{ Querystring: SignCountQuery }>(
    `${CONTRACTS}/signCount`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'How many contracts each licensor, licensee, owner or subject has, one item per id',
        description:
          'Only the caller’s contracts count: as licensor for objectType 1 and 2, as licensee for 3 and 4, as either party for 5. Another user’s ids count 0.',
        querystring: SignCountQuery,
        response: { 200: Envelope(Type.Array(SignCountWire)) },
      },
    },
    async (request) => success(await reads.signCount(userIdOf(request), request.query)),
  );

  app.get<{ Querystring: SubjectSignCountQuery }>(
    `${CONTRACTS}/subjects/signCount`,
    {
      schema: {
        tags,
        summary: 'How many live contracts (in force or exception) each subject has, one item per id (public)',
        querystring: SubjectSignCountQuery,
        response: { 200: Envelope(Type.Array(SubjectSignCountWire)) },
      },
    },
    async (request) => success(await reads.subjectSignCount(request.query)),
  );

  app.get<{ Params: ContractIdParams; Querystring: ContractDetailQuery }>(
    `${CONTRACTS}/:contractId`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'One contract of the caller',
        description: `${PARTIES_ONLY} ${PROJECTION}`,
        params: ContractIdParams,
        querystring: ContractDetailQuery,
        response: { 200: Envelope(ContractView) },
      },
    },
    async (request) =>
      success(await reads.detail(userIdOf(request), request.params.contractId, request.query, request.language)),
  );

  app.get<{ Params: ContractIdParams; Querystring: TransitionRecordsQuery }>(
    `${CONTRACTS}/:contractId/transitionRecords`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'A contract’s transition records, oldest first; isTranslate=1 adds each as a sentence',
        description: PARTIES_ONLY,
        params: ContractIdParams,
        querystring: TransitionRecordsQuery,
        response: { 200: Envelope(PageOf(TransitionRecordWire)) },
      },
    },
    async (request) =>
      success(
        await reads.transitionRecords(userIdOf(request), request.params.contractId, request.query, request.language),
      ),
  );

  app.get<{ Params: ContractIdParams; Querystring: CanExecEventQuery }>(
    `${CONTRACTS}/:contractId/isCanExecEvent`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary:
          'Whether the caller can pay the event now: the licensee’s owner, in force, a payment of the current state',
        description: PARTIES_ONLY,
        params: ContractIdParams,
        querystring: CanExecEventQuery,
        response: { 200: Envelope(CanExecEventWire) },
      },
    },
    async (request) =>
      success(
        await reads.canExecEvent(userIdOf(request), request.params.contractId, request.query.eventId, request.language),
      ),
  );

  app.put<{ Params: ContractIdParams }>(
    `${CONTRACTS}/:contractId/setDefault`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Make a consumer contract the caller’s default on its exhibit (the licensee’s owner only)',
        description: `${PARTIES_ONLY} Contracts of resources and nodes have no default: errCode 2.`,
        params: ContractIdParams,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => success(await reads.setDefault(userIdOf(request), request.params.contractId)),
  );
}
