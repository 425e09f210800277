// What the payments benchmark pays with: `clients` pairs of users made through the modules' own services
// (each user with an activated account, as the demo wallets are; the payer granted coins from the
// issuance account), one contract per pair under a policy whose two states each ask 1.00 and lead to the
// other (contracts/testing.ts seedContract, as signing leaves it), so a contract can be paid again and
// again. Each payer signs in through the running server; each client pays only its own contract.
import { stateOf, type PolicyFsm } from '@tessera/domain';
import { seedContract } from '../packages/server/src/modules/contracts/testing';
import type { Services } from '../packages/server/src/modules/manifest';
import { systemClock } from '../packages/server/src/platform/clock';
import type { Db } from '../packages/server/src/platform/db/database';
import { hashPassword } from '../packages/server/src/platform/passwords';
import type { TestApp } from '../packages/server/src/testing';
import { servicesOver } from './server-modules';
import { signIn } from './session';

/** Paid again and again: every payment moves the contract to the other state, which asks again. */
export const SELF_LOOP_POLICY =
  'for public\n\ninitial:\n  ~freelog.TransactionEvent("1.00","self.account") => paid\n\n' +
  'paid[active]:\n  ~freelog.TransactionEvent("1.00","self.account") => initial';
export const PAY_PASSWORD = '135790';
const LOGIN_PASSWORD = 'Bench2026pay';
const PAYER_CENTS = 100_000_000;

export type PaymentClient = {
  cookie: string;
  xsrf: string;
  accountId: string;
  contractId: string;
  /** The payment event of each state of the contract's policy. */
  eventOf: Map<string, string>;
  state: string;
};

function paymentEvents(fsm: PolicyFsm, states: readonly string[]): Map<string, string> {
  const events = new Map<string, string>();
  for (const state of states) {
    const payment = stateOf(fsm, state).transitions.find((transition) => transition.name === 'TransactionEvent');
    if (!payment) throw new Error(`nothing to pay in ${state}`);
    events.set(state, payment.eventId);
  }
  return events;
}

async function activatedUser(services: Services, username: string, passwordHash: string) {
  const user = await services.identity.createUser({ username, passwordHash });
  const account = await services.walletAccounts.presetPayPassword(user.userId, PAY_PASSWORD);
  return { user, account };
}

async function clientOf(services: Services, origin: string, index: number, passwordHash: string) {
  const tag = `${Date.now().toString(36)}${index}`;
  const payee = await activatedUser(services, `benchpayee${tag}`, passwordHash);
  const payer = await activatedUser(services, `benchpayer${tag}`, passwordHash);
  await services.walletAdmin.grant(payer.user.userId, PAYER_CENTS, 'payments benchmark');
  const party = (user: { userId: number; username: string }, name: string) => ({
    id: `bench-${name}-${tag}`,
    name: `${user.username}/${name}`,
    ownerId: user.userId,
    ownerName: user.username,
  });
  const arranged = { services, clock: systemClock } as unknown as TestApp;
  const contract = await seedContract(arranged, {
    licensor: party(payee.user, 'work'),
    licensee: party(payer.user, 'user'),
    policyText: SELF_LOOP_POLICY,
    contractName: 'bench payments',
  });
  const wires = await services.policies.wiresOf([contract.policyId], { isTranslate: false, language: 'en_US' });
  const fsm = wires.get(contract.policyId)?.fsmDescriptionInfo as unknown as PolicyFsm;
  const cookie = await signIn(origin, payer.user.username, LOGIN_PASSWORD);
  return {
    cookie,
    xsrf: /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '',
    accountId: payer.account.accountId,
    contractId: contract.contractId,
    eventOf: paymentEvents(fsm, ['initial', 'paid']),
    state: contract.fsmCurrentState,
  };
}

/** `clients` payers, each with its own payee and contract; `db` is the running server's database. */
export async function seedPaymentClients(origin: string, db: Db, clients: number): Promise<PaymentClient[]> {
  const services = await servicesOver(db, systemClock);
  const passwordHash = await hashPassword(LOGIN_PASSWORD);
  const made: PaymentClient[] = [];
  for (let index = 0; index < clients; index += 1) made.push(await clientOf(services, origin, index, passwordHash));
  return made;
}
