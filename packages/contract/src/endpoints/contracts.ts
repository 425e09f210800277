// The contract calls (API.md §3.11, §5.2). Reads leave out `projection`: without it the server answers
// whole contracts (ContractWire).
import type { Page } from '@tessera/domain';
import type {
  BatchSignBody,
  CanExecEventQuery,
  CanExecEventWire,
  ContractDetailQuery,
  ContractIdParams,
  ContractListQuery,
  ContractPaymentBody,
  ContractPaymentWire,
  ContractPageQuery,
  ContractWire,
  KeywordSuggestionWire,
  KeywordSuggestQuery,
  SignContractBody,
  SignCountQuery,
  SignCountWire,
  SubjectSignCountQuery,
  SubjectSignCountWire,
  TransitionRecordsQuery,
  TransitionRecordWire,
} from '../contracts';
import { endpoint } from '../endpoint';

type Whole<Query> = Omit<Query, 'projection'>;

export const contractEndpoints = {
  /** A consumer signs an exhibit's policy; signing again answers the live contract. */
  sign: endpoint<{ body: SignContractBody; answer: ContractWire }>('POST', '/contracts'),
  /** A resource or node of the caller signs resources' policies; live contracts are answered unchanged. */
  batchSign: endpoint<{ body: BatchSignBody; answer: ContractWire[] }>('POST', '/contracts/batchSign'),
  /** The caller's contracts as licensor (identityType 1) or licensee (2). */
  page: endpoint<{ query: Whole<ContractPageQuery>; answer: Page<ContractWire> }>('GET', '/contracts'),
  /** By contract or subject ids (≤ 300), the caller's only. */
  list: endpoint<{ query: Whole<ContractListQuery>; answer: ContractWire[] }>('GET', '/contracts/list'),
  keywordSuggest: endpoint<{ query: KeywordSuggestQuery; answer: KeywordSuggestionWire[] }>(
    'GET',
    '/contracts/keywordSuggest',
  ),
  signCount: endpoint<{ query: SignCountQuery; answer: SignCountWire[] }>('GET', '/contracts/signCount'),
  subjectSignCount: endpoint<{ query: SubjectSignCountQuery; answer: SubjectSignCountWire[] }>(
    'GET',
    '/contracts/subjects/signCount',
  ),
  detail: endpoint<{ params: ContractIdParams; query: Whole<ContractDetailQuery>; answer: ContractWire }>(
    'GET',
    '/contracts/:contractId',
  ),
  /** Oldest first; isTranslate=1 adds a sentence per record in the caller's language. */
  transitionRecords: endpoint<{
    params: ContractIdParams;
    query: TransitionRecordsQuery;
    answer: Page<TransitionRecordWire>;
  }>('GET', '/contracts/:contractId/transitionRecords'),
  isCanExecEvent: endpoint<{ params: ContractIdParams; query: CanExecEventQuery; answer: CanExecEventWire }>(
    'GET',
    '/contracts/:contractId/isCanExecEvent',
  ),
  /** Consumer contracts only: the caller's preferred contract on its exhibit. */
  setDefault: endpoint<{ params: ContractIdParams; answer: true }>('PUT', '/contracts/:contractId/setDefault'),
  /** The licensee's owner pays a TransactionEvent of the current state; the contract moves in the same transaction. */
  pay: endpoint<{ params: ContractIdParams; body: ContractPaymentBody; answer: ContractPaymentWire }>(
    'POST',
    '/contracts/:contractId/events/payment',
  ),
};
