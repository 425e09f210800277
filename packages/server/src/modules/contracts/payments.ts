// Paying a contract's TransactionEvent (DOMAIN §7.3, §3.6 step 5; API.md §3.11). What can be checked
// without locks is checked first (party, amount, the caller's account, an idempotent repeat, the event
// as the contract stands, the pay password: its failure counter must outlive a rollback, and argon2
// must not hold locks); then one transaction locks the contract and both accounts, checks everything
// again and writes the ledger transfer and the contract's transition — or nothing at all.
import type { ContractPaymentBody, ContractPaymentWire } from '@tessera/contract/contracts';
import type { ContractStatus } from '@tessera/domain';
import {
  applyEvent,
  DEFAULT_LANGUAGE,
  ErrCode,
  type ContractFsmState,
  type EventOutcome,
  type PolicyFsm,
} from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import { AppError, badParam } from '../../platform/errors';
import type { PolicyCatalog } from '../policies';
import {
  AccountStatus,
  centsToText,
  parseAmount,
  TransactionType,
  type AccountService,
  type Ledger,
  type TransactionRecordRow,
} from '../wallet';
import type { ContractRepo, ContractRow } from './repo';
import { writeStateEntry } from './state-entries';
import { parseJsonOr } from './views';

export type ContractPaymentsDeps = {
  repo: ContractRepo;
  policies: Pick<PolicyCatalog, 'wiresOf'>;
  walletAccounts: Pick<AccountService, 'accountOfUser' | 'checkPayPassword'>;
  walletLedger: Ledger;
  clock: Clock;
  utcOffsetMinutes: number;
};

/** A payment as asked: the body, with the `Idempotency-Key` header when one was sent (it wins). */
export type PaymentRequest = ContractPaymentBody & { headerKey?: string };

export const MAX_IDEMPOTENCY_KEY = 64;

/** What a payment record says it paid for (its attachInfo). */
type PaidFor = { contractId: string; eventId: string };

type PaymentOrder = { contractId: string; eventId: string; cents: number };

/** A payment checked without locks, ready to be written. */
type Prepared = {
  seen: ContractRow;
  fsm: PolicyFsm;
  order: PaymentOrder;
  idempotency: { key: string; automatic: boolean };
  payerAccountId: string;
  payeeAccountId: string;
};

const contractNotFound = (): AppError => new AppError(ErrCode.Business, 'contracts.notFound');

/** A DOMAIN §7.4 refusal in the wallet's words (wallet.json), the code in `data.code`. */
const walletRefusal = (code: string, errCode: ErrCode = ErrCode.Business): AppError =>
  new AppError(errCode, `wallet.refusal.${code}`, { code });

/** The machine's refusals as DOMAIN §7.4 codes: a wrong amount is E1020, anything else about the event E1021. */
function eventRefusal(outcome: Extract<EventOutcome, { ok: false }>): AppError {
  const { code, messageKey, params } = outcome.refusal;
  const walletCode = code === 'amountMismatch' ? 'E1020' : 'E1021';
  return new AppError(ErrCode.Business, messageKey, { code: walletCode, ...params }, params);
}

function selfAccountOf(contract: ContractRow): string {
  const { envArgs = [] } = parseJsonOr<{ envArgs?: { name: string; accountId: string }[] }>(
    contract.fsmDeclarations,
    {},
  );
  return envArgs.find((arg) => arg.name === 'self.account')?.accountId ?? '';
}

function fsmStateOf(contract: ContractRow, selfAccountId: string): ContractFsmState {
  return {
    status: contract.status as ContractStatus,
    fsmCurrentState: contract.fsmCurrentState,
    fsmStateEnterDate: new Date(contract.fsmStateEnterDate),
    entryId: contract.stateEntryRecordId,
    selfAccountId,
  };
}

function idempotencyKeyOf(request: PaymentRequest, contract: ContractRow): { key: string; automatic: boolean } {
  const given = request.headerKey ?? request.idempotencyKey;
  if (given === undefined || given === '')
    return { key: `auto:${contract.contractId}:${contract.stateEntryRecordId}:${request.eventId}`, automatic: true };
  if (given.length > MAX_IDEMPOTENCY_KEY)
    throw badParam('idempotencyKey', 'maxLength', 'errors.param.maxLength', { limit: MAX_IDEMPOTENCY_KEY });
  return { key: given, automatic: false };
}

export class ContractPayments {
  readonly #deps: ContractPaymentsDeps;

  constructor(deps: ContractPaymentsDeps) {
    this.#deps = deps;
  }

  /** POST /v2/contracts/{contractId}/events/payment by the licensee's owner `userId`. */
  async pay(userId: number, contractId: string, request: PaymentRequest): Promise<ContractPaymentWire> {
    const prepared = await this.#prepare(userId, contractId, request);
    return 'answer' in prepared ? prepared.answer : this.#commit(userId, prepared);
  }

  /** Every check that needs no lock, the pay password last; a repeat of a payment made is answered at once. */
  async #prepare(
    userId: number,
    contractId: string,
    request: PaymentRequest,
  ): Promise<Prepared | { answer: ContractPaymentWire }> {
    const { repo, walletAccounts, walletLedger } = this.#deps;
    const seen = await repo.find(contractId);
    if (!seen || (seen.licensorOwnerId !== userId && seen.licenseeOwnerId !== userId)) throw contractNotFound();
    if (seen.licenseeOwnerId !== userId) throw new AppError(ErrCode.Forbidden, 'contracts.payment.licenseeOnly');
    const order = { contractId, eventId: request.eventId, cents: this.#amountOf(request.transactionAmount) };
    const payer = await walletAccounts.accountOfUser(userId);
    if (request.accountId !== payer.accountId) throw walletRefusal('E1003', ErrCode.Forbidden);
    const idempotency = idempotencyKeyOf(request, seen);
    const repeated = await walletLedger.findByIdempotencyKey(repo.db, payer.accountId, idempotency.key);
    if (repeated) return { answer: await this.#repeatAnswer(repo, repeated, order) };

    const fsm = await this.#fsmOf(seen.policyId);
    // Contracts signed before the wallet existed bound '': the licensor owner's account is the payee.
    const payeeAccountId = selfAccountOf(seen) || (await walletAccounts.accountOfUser(seen.licensorOwnerId)).accountId;
    this.#judge(fsm, seen, payeeAccountId, order);
    if (payer.status === AccountStatus.Frozen) throw walletRefusal('E1006');
    if (payer.status !== AccountStatus.Normal) throw walletRefusal('E1005');
    if (payer.accountId === payeeAccountId) throw walletRefusal('E1013');
    await walletAccounts.checkPayPassword(payer, request.password);
    return { seen, fsm, order, idempotency, payerAccountId: payer.accountId, payeeAccountId };
  }

  /** One transaction: locks, the key and the event again, the transfer and the transition — or nothing. */
  #commit(userId: number, prepared: Prepared): Promise<ContractPaymentWire> {
    const { seen, fsm, order, idempotency, payerAccountId, payeeAccountId } = prepared;
    const { walletLedger } = this.#deps;
    return this.#deps.repo.inTransaction(async (repo, trx) => {
      const contract = await repo.lock(order.contractId);
      if (!contract) throw contractNotFound();
      await walletLedger.lockAccounts(trx, [payerAccountId, payeeAccountId]);
      const again = await walletLedger.findByIdempotencyKey(trx, payerAccountId, idempotency.key);
      if (again) return this.#repeatAnswer(repo, again, order);
      // The automatic key names the entry the caller saw: a payment for a state since left is stale.
      if (idempotency.automatic && contract.stateEntryRecordId !== seen.stateEntryRecordId)
        throw walletRefusal('E1021');
      const outcome = this.#judge(fsm, contract, payeeAccountId, order);
      const { fromState, toState } = outcome.record;
      const { record } = await walletLedger.transfer(trx, {
        from: payerAccountId,
        to: payeeAccountId,
        amount: order.cents,
        type: TransactionType.ContractPayment,
        remark: contract.contractName,
        digest: `${contract.subjectName} · ${contract.contractName}`,
        attachInfo: {
          contractId: order.contractId,
          contractName: contract.contractName,
          eventId: order.eventId,
          subjectId: contract.subjectId,
          subjectName: contract.subjectName,
          subjectType: contract.subjectType,
          fromState,
          toState,
        } satisfies PaidFor & Record<string, string | number>,
        idempotencyKey: idempotency.key,
        operator: { id: userId, name: contract.licenseeOwnerName },
        authorizationType: 'password',
        payeeMustBeActive: true,
      });
      const moved = await writeStateEntry(repo, contract, outcome, this.#deps.clock.now(), {
        triggerUserId: userId,
        transactionRecordId: record.recordId,
      });
      return this.#answer(record, moved);
    });
  }

  /** Cents of the amount asked; errCode 4 when it is not an amount, E1015 (errCode 4) when it is 0. */
  #amountOf(amount: number | string): number {
    const cents = parseAmount(amount);
    if (cents === null) throw badParam('transactionAmount', 'invalid', 'errors.param.invalid');
    if (cents <= 0) throw walletRefusal('E1015', ErrCode.BadParams);
    return cents;
  }

  /** The machine's verdict on paying `eventId` now (a refusal throws). */
  #judge(
    fsm: PolicyFsm,
    contract: ContractRow,
    payeeAccountId: string,
    order: PaymentOrder,
  ): Extract<EventOutcome, { ok: true }> {
    const outcome = applyEvent(
      fsm,
      fsmStateOf(contract, payeeAccountId),
      {
        type: 'payment',
        eventId: order.eventId,
        amount: centsToText(order.cents),
        accountId: payeeAccountId,
        at: this.#deps.clock.now(),
      },
      this.#deps.utcOffsetMinutes,
    );
    if (!outcome.ok) throw eventRefusal(outcome);
    return outcome;
  }

  /** The same key again: the first payment's answer when it paid the same, E1022 (errCode 4) otherwise. */
  async #repeatAnswer(
    repo: ContractRepo,
    record: TransactionRecordRow,
    order: PaymentOrder,
  ): Promise<ContractPaymentWire> {
    const paid = parseJsonOr<Partial<PaidFor>>(record.attachInfo, {});
    const same =
      record.transactionType === TransactionType.ContractPayment &&
      paid.contractId === order.contractId &&
      paid.eventId === order.eventId &&
      Number(record.amount) === order.cents;
    if (!same) throw walletRefusal('E1022', ErrCode.BadParams);
    const contract = await repo.find(order.contractId);
    if (!contract) throw contractNotFound();
    return this.#answer(record, contract);
  }

  /** status 2 (the record's: succeeded); the contract as it is after the payment. */
  #answer(record: TransactionRecordRow, contract: ContractRow): ContractPaymentWire {
    return {
      transactionRecordId: record.recordId,
      status: record.status,
      contractId: contract.contractId,
      fsmCurrentState: contract.fsmCurrentState,
      authStatus: contract.authStatus,
    };
  }

  /** Looked up before the transaction: on SQLite a read on another connection inside it would wait for ever. */
  async #fsmOf(policyId: string): Promise<PolicyFsm> {
    const wires = await this.#deps.policies.wiresOf([policyId], { isTranslate: false, language: DEFAULT_LANGUAGE });
    const wire = wires.get(policyId);
    if (!wire) throw new Error(`policy ${policyId} of a contract is missing`);
    return wire.fsmDescriptionInfo as unknown as PolicyFsm;
  }
}
