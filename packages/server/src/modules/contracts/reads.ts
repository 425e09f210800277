// Reading contracts (API.md §3.11, §5.2): a party's pages with every filter, batches, detail,
// suggestions, counts, transition records, isCanExecEvent, and the consumer's default contract.
// A contract is its parties' business: only the licensor's and the licensee's owners read it; to
// anyone else it answers exactly as a contract that does not exist (errCode 2).
import { MAX_USER_ID } from '@tessera/contract/common';
import {
  ContractWire,
  type CanExecEventWire,
  type ContractDetailQuery,
  type ContractListQuery,
  type ContractPageQuery,
  type ContractView,
  type KeywordSuggestionWire,
  type KeywordSuggestQuery,
  type SignCountQuery,
  type SignCountWire,
  type SubjectSignCountQuery,
  type SubjectSignCountWire,
  type TransitionRecordsQuery,
  type TransitionRecordWire,
} from '@tessera/contract/contracts';
import {
  ContractPartyIdentityType,
  type ContractStatus,
  describeTransitionRecord,
  ErrCode,
  upcomingEvents,
  type Language,
  type Page,
  type PolicyFsm,
  type TransitionRecord,
} from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import { isUniqueViolation } from '../../platform/db/constraints';
import { AppError, badParam } from '../../platform/errors';
import { isTruthyFlag, projected, projectionFields } from '../../platform/projection';
import type { PolicyCatalog, PolicyTextSource } from '../policies';
import { createdBetween, idsOf, intsOf, orderOf, pageFilter, scopeOf, textOf } from './read-filters';
import { ContractReadsRepo, type ContractFilter, type ContractSide, type SignCountColumn } from './reads-repo';
import type { ContractRepo, ContractRow, TransitionRecordRow } from './repo';
import { contractWire, parseJsonOr } from './views';

export type ContractReadsDeps = {
  repo: ContractRepo;
  policies: PolicyCatalog;
  /** The sentences of transition records. */
  texts: PolicyTextSource;
  clock: Clock;
  utcOffsetMinutes: number;
};

/** What `projection` may keep: the contract's own fields (policyInfo is added after it, when asked). */
const CONTRACT_FIELDS = Object.keys(ContractWire.properties).filter(
  (field): field is keyof ContractWire => field !== 'policyInfo',
) as (keyof ContractWire)[];

/**
 * signCount's objectType: the column it counts by, and whose contracts count: the caller's as the
 * party the column belongs to (as either party for a subject). Another user's ids therefore count 0,
 * as unknown ids do.
 */
const SIGN_COUNT_OBJECTS: Record<number, { column: SignCountColumn; side: ContractSide | 'either' }> = {
  1: { column: 'licensorId', side: 'licensor' },
  2: { column: 'licensorOwnerId', side: 'licensor' },
  3: { column: 'licenseeId', side: 'licensee' },
  4: { column: 'licenseeOwnerId', side: 'licensee' },
  5: { column: 'subjectId', side: 'either' },
};

const USER_ID = /^[1-9]\d{0,9}$/;

const contractNotFound = (): AppError => new AppError(ErrCode.Business, 'contracts.notFound');

const isParty = (row: ContractRow, callerId: number): boolean =>
  row.licensorOwnerId === callerId || row.licenseeOwnerId === callerId;

export class ContractReads {
  readonly #deps: ContractReadsDeps;
  readonly #reads: ContractReadsRepo;

  constructor(deps: ContractReadsDeps) {
    this.#deps = deps;
    this.#reads = new ContractReadsRepo(deps.repo.db);
  }

  get repo(): ContractRepo {
    return this.#deps.repo;
  }

  /** `GET /v2/contracts`: the caller's contracts as licensor (identityType 1) or licensee (2). */
  async page(callerId: number, query: ContractPageQuery, language: Language): Promise<Page<ContractView>> {
    const filter = pageFilter(callerId, query, this.#deps.utcOffsetMinutes);
    const { skip, limit } = query;
    const { totalItem, rows } = await this.#reads.page(filter, { skip, limit, order: orderOf(query) });
    return { skip, limit, totalItem, dataList: await this.#views(rows, query, language) };
  }

  /** `GET /v2/contracts/list`: by contract ids (in their order) or subject ids (newest first), the caller's only. */
  async list(callerId: number, query: ContractListQuery, language: Language): Promise<ContractView[]> {
    const contractIds = idsOf(query.contractIds, 'contractIds');
    const subjectIds = idsOf(query.subjectIds, 'subjectIds');
    if (!contractIds && !subjectIds) throw badParam('contractIds', 'required', 'contracts.param.idsRequired');
    const filter: ContractFilter = {
      scope: { ownerId: callerId, side: 'either' },
      contractIds,
      subjectIds,
      subjectType: query.subjectType,
      licenseeIdentityType: query.licenseeIdentityType,
      licensorId: textOf(query.licensorId),
      licenseeId: textOf(query.licenseeId),
      statuses: query.contractStatus === undefined ? undefined : [query.contractStatus],
      authStatuses: intsOf(query.authStatusList),
    };
    const rows = await this.#reads.all(filter);
    if (contractIds) {
      const position = new Map(contractIds.map((id, index) => [id, index]));
      rows.sort((a, b) => (position.get(a.contractId) ?? 0) - (position.get(b.contractId) ?? 0));
    }
    return this.#views(rows, query, language);
  }

  async detail(
    callerId: number,
    contractId: string,
    query: ContractDetailQuery,
    language: Language,
  ): Promise<ContractView> {
    const [view] = await this.#views([await this.#readable(callerId, contractId)], query, language);
    return view as ContractView;
  }

  /**
   * `GET /v2/contracts/keywordSuggest`: among the caller's contracts as licensor or licensee, the subject
   * names (prefixType 1) or the other party's names (2) that start with the prefix, most used first.
   */
  async keywordSuggest(callerId: number, query: KeywordSuggestQuery): Promise<KeywordSuggestionWire[]> {
    const prefix = query.prefix.trim();
    if (prefix === '') return [];
    const column = query.prefixType === 1 ? 'subjectName' : query.identityType === 1 ? 'licenseeName' : 'licensorName';
    const filter = {
      scope: scopeOf(callerId, query.identityType),
      ...createdBetween(query, this.#deps.utcOffsetMinutes),
    };
    return this.#reads.suggestions(filter, column, prefix);
  }

  /** `GET /v2/contracts/signCount`: one count per object id, of the caller's contracts only (SIGN_COUNT_OBJECTS). */
  async signCount(callerId: number, query: SignCountQuery): Promise<SignCountWire[]> {
    const { column, side } = SIGN_COUNT_OBJECTS[query.objectType] as (typeof SIGN_COUNT_OBJECTS)[number];
    const ids = idsOf(query.objectIds, 'objectIds') ?? [];
    const byOwner = column === 'licensorOwnerId' || column === 'licenseeOwnerId';
    if (byOwner && !ids.every((id) => USER_ID.test(id) && Number(id) <= MAX_USER_ID))
      throw badParam('objectIds', 'pattern', 'errors.param.integerRange', { min: 1, max: MAX_USER_ID });
    const keys = byOwner ? ids.map((id) => String(Number(id))) : ids;
    const filter: ContractFilter = {
      scope: { ownerId: callerId, side },
      subjectType: query.subjectType,
      ...createdBetween(query, this.#deps.utcOffsetMinutes),
    };
    const counts = await this.#reads.countsBy(filter, column, byOwner ? keys.map(Number) : keys);
    return keys.map((key) => ({ key, field: column, count: counts.get(key) ?? 0 }));
  }

  /** `GET /v2/contracts/subjects/signCount` (public): live contracts per subject, one item per subject id. */
  async subjectSignCount(query: SubjectSignCountQuery): Promise<SubjectSignCountWire[]> {
    const subjectIds = idsOf(query.subjectIds, 'subjectIds') ?? [];
    const counts = await this.#reads.liveCountsBySubject(subjectIds, query.subjectType);
    return subjectIds.map((subjectId) => ({ subjectId, count: counts.get(subjectId) ?? 0 }));
  }

  /** `GET /v2/contracts/{id}/transitionRecords`: oldest first; isTranslate=1 adds each record as a sentence. */
  async transitionRecords(
    callerId: number,
    contractId: string,
    query: TransitionRecordsQuery,
    language: Language,
  ): Promise<Page<TransitionRecordWire>> {
    const contract = await this.#readable(callerId, contractId);
    const { skip, limit } = query;
    const { totalItem, rows } = await this.#reads.records(contractId, { skip, limit });
    const records = rows.map(recordWire);
    if (isTruthyFlag(query.isTranslate) && records.length > 0) {
      const fsm = await this.#fsmOf(contract.policyId, language);
      const texts = this.#deps.texts.texts();
      for (const record of records) {
        const machineRecord = record as unknown as Pick<TransitionRecord, 'fromState' | 'toState' | 'eventInfo'>;
        record.translation = describeTransitionRecord(fsm, machineRecord, language, texts);
      }
    }
    return { skip, limit, totalItem, dataList: records };
  }

  /**
   * `GET /v2/contracts/{id}/isCanExecEvent`: either party's owner may ask; only the licensee's owner can
   * pay, while the contract is in force and the event is a payment of its current state.
   */
  async canExecEvent(
    callerId: number,
    contractId: string,
    eventId: string,
    language: Language,
  ): Promise<CanExecEventWire> {
    const contract = await this.#readable(callerId, contractId);
    let isCanExec = false;
    if (contract.licenseeOwnerId === callerId) {
      const fsm = await this.#fsmOf(contract.policyId, language);
      const state = {
        status: contract.status as ContractStatus,
        fsmCurrentState: contract.fsmCurrentState,
        fsmStateEnterDate: new Date(contract.fsmStateEnterDate),
      };
      isCanExec = upcomingEvents(fsm, state, this.#deps.utcOffsetMinutes).some(
        (event) => event.kind === 'payment' && event.eventId === eventId,
      );
    }
    return { contractInfo: contractWire(contract), eventId, isCanExec };
  }

  /**
   * `PUT /v2/contracts/{id}/setDefault`: the licensee owner's consumer contract becomes their default on
   * its exhibit; their other contracts on it stop being the default.
   */
  async setDefault(callerId: number, contractId: string): Promise<true> {
    // A parallel setDefault of another contract may commit its flag between our two statements; the
    // index contracts_one_default refuses ours then, and the next try clears that flag first.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.#deps.repo.inTransaction(async (repo, trx) => {
          const contract = await repo.lock(contractId);
          if (!contract || !isParty(contract, callerId)) throw contractNotFound();
          if (
            contract.licenseeOwnerId !== callerId ||
            contract.licenseeIdentityType !== ContractPartyIdentityType.Consumer
          )
            throw new AppError(ErrCode.Business, 'contracts.defaultConsumerOnly');
          await new ContractReadsRepo(trx).makeDefault(contract, this.#deps.clock.now().toISOString());
        });
        return true;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt === 3) throw error;
      }
    }
  }

  async #readable(callerId: number, contractId: string): Promise<ContractRow> {
    const row = await this.#deps.repo.find(contractId);
    if (!row || !isParty(row, callerId)) throw contractNotFound();
    return row;
  }

  /** The state machine of the contract's policy. */
  async #fsmOf(policyId: string, language: Language): Promise<PolicyFsm> {
    const wire = (await this.#deps.policies.wiresOf([policyId], { isTranslate: false, language })).get(policyId);
    if (!wire) throw new Error(`the policy ${policyId} of a contract is missing`);
    return wire.fsmDescriptionInfo as unknown as PolicyFsm;
  }

  /** The rows as the wire shows them: projected, with their policy when asked (isLoadPolicyInfo, isTranslate). */
  async #views(
    rows: readonly ContractRow[],
    query: Pick<ContractDetailQuery, 'projection' | 'isLoadPolicyInfo' | 'isTranslate'>,
    language: Language,
  ): Promise<ContractView[]> {
    const fields = projectionFields(query.projection, CONTRACT_FIELDS);
    const policies = isTruthyFlag(query.isLoadPolicyInfo)
      ? await this.#deps.policies.wiresOf([...new Set(rows.map((row) => row.policyId))], {
          isTranslate: isTruthyFlag(query.isTranslate),
          language,
        })
      : null;
    return rows.map((row) => {
      const view: ContractView = projected(contractWire(row), fields);
      const policyInfo = policies?.get(row.policyId);
      return policyInfo ? { ...view, policyInfo } : view;
    });
  }
}

function recordWire(row: TransitionRecordRow): TransitionRecordWire {
  return {
    recordId: row.recordId,
    contractId: row.contractId,
    fromState: row.fromState,
    toState: row.toState,
    eventId: row.eventId,
    eventInfo: parseJsonOr<TransitionRecordWire['eventInfo']>(row.eventInfo, { code: '', name: '', args: {} }),
    createDate: row.createDate,
  };
}
