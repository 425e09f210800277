// Test and benchmark support, as `@tessera/domain/policy-examples` (tests and bench/ only, never the
// app): the policy examples of DOMAIN §4, large policy texts for limits and the 50-state benchmark.
import type { CompiledPolicy } from './types';

/**
 * A compiled form without its eventIds, for comparing the compiled forms of two texts: eventIds derive
 * from the policyId, which is the hash of the text itself (DOMAIN §1.1).
 */
export function withoutEventIds(policy: CompiledPolicy | null): unknown {
  return JSON.parse(JSON.stringify(policy), (key, value: unknown) => (key === 'eventId' ? undefined : value));
}

/**
 * A valid resource policy with `stateCount` states (1–50): a ring of states, each with a payment to the
 * next state and a timer back towards the start, every other state granting authorization and every
 * third one also test authorization, with a cycle-end event on every fourth. 50 states stay under the
 * 10 000-character limit (about 6 600 characters).
 */
export function generateLargePolicy(stateCount = 50): string {
  const names = Array.from({ length: stateCount }, (_, i) => (i === 0 ? 'initial' : `s${i}`));
  const blocks = names.map((name, i) => {
    const next = names[(i + 1) % stateCount] as string;
    const back = names[Math.floor(i / 2)] as string;
    const grants = [i % 2 === 0 ? 'active' : '', i % 3 === 0 ? 'testActive' : ''].filter(Boolean);
    const lines = [
      grants.length > 0 ? `${name}[${grants.join(',')}]:` : `${name}:`,
      `  ~freelog.TransactionEvent("${i + 1}.50","self.account") => ${next}`,
      `  ~freelog.RelativeTimeEvent("${i + 1}","day") => ${back}`,
    ];
    if (i % 4 === 0) lines.push(`  ~freelog.CycleEndEvent("${i + 2}","cycle") => ${next}`);
    return lines.join('\n');
  });
  return ['for public', ...blocks].join('\n\n');
}

/** The examples of DOMAIN §4.9 (must compile) and §4.10 (must fail), exactly as written there. */
export const COMPILING_EXAMPLES = {
  A: `for public initial[active]:
  terminate`,
  B: `for public

initial[active]:
~freelog.RelativeTimeEvent("1","week")  => get_auth\t\t//设置免费试用周期

get_auth:
~freelog.TransactionEvent("29.99","self.account") => auth\t\t//设置价格

auth[active]:
~freelog.RelativeTimeEvent("1","month")  => finish\t\t//设置订阅周期

finish:
\tterminate`,
  C: `for public

initial:
~freelog.RelativeTimeEvent("24","hour")  =>  auth_expiration//设置等待周期
~freelog.TransactionEvent("0.19","self.account") => auth_permanent//设置价格

auth_expiration [active]:
~freelog.RelativeTimeEvent("72","hour")  =>  initial// 设置免费周期

auth_permanent [active]:
terminate`,
  D: `for public, 10001, buyer@example.com
always testActive

initial:
  ~freelog.TransactionEvent("100","self.account") => paid
  ~freelog.TimeEvent("2030-01-01 00:00") => closed

paid[active]:
  ~freelog.CycleEndEvent("6","cycle") => initial

closed:
  terminate`,
} as const;

export const FAILING_EXAMPLES = {
  E: `for public
start[active]:
  terminate`,
  F: `for public
initial:
  ~freelog.SigningEvent("abc/abc") => signed
signed[active]:
  terminate`,
  G: `for public
initial[active]:
  ~freelog.TransactionEvent("10","self.account") => finish`,
  H: `for public
initial:
  ~freelog.TransactionEvent("0","self.account") => auth
auth[active]:
  terminate`,
} as const;
