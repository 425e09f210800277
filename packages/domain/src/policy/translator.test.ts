import { describe, expect, it } from 'vitest';
import { seedTexts } from '../i18n/texts';
import {
  freePolicyTemplate,
  payOncePolicyTemplate,
  trialThenSubscriptionPolicyTemplate,
  builderToText,
} from './builder';
import { compilePolicy } from './compiler';
import { COMPILING_EXAMPLES } from './testing';
import { translatePolicy, translatePolicyInfo } from './translator';
import type { CompiledPolicy } from './types';

function compiledOrThrow(text: string): CompiledPolicy {
  const result = compilePolicy(text);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.policy;
}

const TEMPLATES = {
  free: freePolicyTemplate(),
  payOnce: payOncePolicyTemplate({ price: '10' }),
  trialThenSubscription: trialThenSubscriptionPolicyTemplate({ trialDays: 7, price: '9.90' }),
};

describe('translatePolicy', () => {
  it('free template', () => {
    const policy = compiledOrThrow(builderToText(TEMPLATES.free));
    expect(translatePolicy(policy, 'zh_CN', seedTexts)).toMatchInlineSnapshot(`
      "签约对象：所有人
      初始状态“initial”：永久获得正式授权，合约不再变化"
    `);
    expect(translatePolicy(policy, 'en_US', seedTexts)).toMatchInlineSnapshot(`
      "Who may sign: everyone
      Initial state “initial”: grants authorization for good; nothing changes after this"
    `);
  });

  it('pay-once template', () => {
    const policy = compiledOrThrow(builderToText(TEMPLATES.payOnce));
    expect(translatePolicy(policy, 'zh_CN', seedTexts)).toMatchInlineSnapshot(`
      "签约对象：所有人
      初始状态“initial”：不获得授权
        支付 10.00 代币给授权方，进入 paid
      状态“paid”：永久获得正式授权，合约不再变化"
    `);
    expect(translatePolicy(policy, 'en_US', seedTexts)).toMatchInlineSnapshot(`
      "Who may sign: everyone
      Initial state “initial”: grants no authorization
        Pay 10.00 coins to the licensor to enter paid
      State “paid”: grants authorization for good; nothing changes after this"
    `);
  });

  it('trial-then-subscription template', () => {
    const policy = compiledOrThrow(builderToText(TEMPLATES.trialThenSubscription));
    expect(translatePolicy(policy, 'zh_CN', seedTexts)).toMatchInlineSnapshot(`
      "签约对象：所有人
      初始状态“initial”：获得正式授权
        处于此状态 7 天后，进入 unpaid
      状态“unpaid”：不获得授权
        支付 9.90 代币给授权方，进入 subscribed
      状态“subscribed”：获得正式授权
        处于此状态 1 个月后，进入 unpaid"
    `);
    expect(translatePolicy(policy, 'en_US', seedTexts)).toMatchInlineSnapshot(`
      "Who may sign: everyone
      Initial state “initial”: grants authorization
        After 7 days in this state, enter unpaid
      State “unpaid”: grants no authorization
        Pay 9.90 coins to the licensor to enter subscribed
      State “subscribed”: grants authorization
        After 1 month in this state, enter unpaid"
    `);
  });

  it('policy B: the sentence of DOMAIN §4.7 for the payment', () => {
    const policy = compiledOrThrow(COMPILING_EXAMPLES.B);
    expect(translatePolicy(policy, 'zh_CN', seedTexts)).toMatchInlineSnapshot(`
      "签约对象：所有人
      初始状态“initial”：获得正式授权
        处于此状态 1 周后，进入 get_auth
      状态“get_auth”：不获得授权
        支付 29.99 代币给授权方，进入 auth
      状态“auth”：获得正式授权
        处于此状态 1 个月后，进入 finish
      状态“finish”：合约终止"
    `);
    expect(translatePolicy(policy, 'en_US', seedTexts)).toMatchInlineSnapshot(`
      "Who may sign: everyone
      Initial state “initial”: grants authorization
        After 1 week in this state, enter get_auth
      State “get_auth”: grants no authorization
        Pay 29.99 coins to the licensor to enter auth
      State “auth”: grants authorization
        After 1 month in this state, enter finish
      State “finish”: the contract ends"
    `);
  });

  it('policy C', () => {
    const policy = compiledOrThrow(COMPILING_EXAMPLES.C);
    expect(translatePolicy(policy, 'zh_CN', seedTexts)).toMatchInlineSnapshot(`
      "签约对象：所有人
      初始状态“initial”：不获得授权
        处于此状态 24 小时后，进入 auth_expiration
        支付 0.19 代币给授权方，进入 auth_permanent
      状态“auth_expiration”：获得正式授权
        处于此状态 72 小时后，进入 initial
      状态“auth_permanent”：永久获得正式授权，合约不再变化"
    `);
    expect(translatePolicy(policy, 'en_US', seedTexts)).toMatchInlineSnapshot(`
      "Who may sign: everyone
      Initial state “initial”: grants no authorization
        After 24 hours in this state, enter auth_expiration
        Pay 0.19 coins to the licensor to enter auth_permanent
      State “auth_expiration”: grants authorization
        After 72 hours in this state, enter initial
      State “auth_permanent”: grants authorization for good; nothing changes after this"
    `);
  });

  it('policy D: named licensees, test authorization, a date and cycles', () => {
    const policy = compiledOrThrow(COMPILING_EXAMPLES.D);
    expect(translatePolicy(policy, 'zh_CN', seedTexts)).toMatchInlineSnapshot(`
      "签约对象：所有人、用户 10001、邮箱为 buyer@example.com 的用户
      初始状态“initial”：获得测试授权
        支付 100.00 代币给授权方，进入 paid
        到 2030/01/01 00:00（平台时间）时，进入 closed
      状态“paid”：获得正式授权、测试授权
        处于此状态 6 个周期（24 小时）后，在当前周期结束时进入 initial
      状态“closed”：永久获得测试授权，合约不再变化"
    `);
    expect(translatePolicy(policy, 'en_US', seedTexts)).toMatchInlineSnapshot(`
      "Who may sign: everyone, user 10001, the user with e-mail buyer@example.com
      Initial state “initial”: grants test authorization
        Pay 100.00 coins to the licensor to enter paid
        At 2030/01/01 00:00 (platform time), enter closed
      State “paid”: grants authorization, test authorization
        At the end of the cycle after 6 cycles (24 hours) in this state, enter initial
      State “closed”: grants test authorization for good; nothing changes after this"
    `);
  });

  it('every audience kind, every unit, singular and plural', () => {
    const units = ['year', 'month', 'week', 'day', 'cycle', 'hour', 'minute'];
    const timers = units.flatMap((unit) => [
      `~freelog.RelativeTimeEvent("1","${unit}") => initial`,
      `~freelog.RelativeTimeEvent("2","${unit}") => initial`,
    ]);
    const text = `for nodes, registeredUsers, 13800138000, a@b.cn initial[active, testActive]: ${timers.join(' ')}`;
    const policy = compiledOrThrow(text);
    expect(translatePolicy(policy, 'zh_CN', seedTexts)).toMatchInlineSnapshot(`
      "签约对象：所有节点、所有注册用户、手机号为 13800138000 的用户、邮箱为 a@b.cn 的用户
      初始状态“initial”：获得正式授权、测试授权
        处于此状态 1 年后，进入 initial
        处于此状态 2 年后，进入 initial
        处于此状态 1 个月后，进入 initial
        处于此状态 2 个月后，进入 initial
        处于此状态 1 周后，进入 initial
        处于此状态 2 周后，进入 initial
        处于此状态 1 天后，进入 initial
        处于此状态 2 天后，进入 initial
        处于此状态 1 个周期（4 小时）后，进入 initial
        处于此状态 2 个周期（8 小时）后，进入 initial
        处于此状态 1 小时后，进入 initial
        处于此状态 2 小时后，进入 initial
        处于此状态 1 分钟后，进入 initial
        处于此状态 2 分钟后，进入 initial"
    `);
    expect(translatePolicy(policy, 'en_US', seedTexts)).toMatchInlineSnapshot(`
      "Who may sign: any node, any registered user, the user with mobile number 13800138000, the user with e-mail a@b.cn
      Initial state “initial”: grants authorization, test authorization
        After 1 year in this state, enter initial
        After 2 years in this state, enter initial
        After 1 month in this state, enter initial
        After 2 months in this state, enter initial
        After 1 week in this state, enter initial
        After 2 weeks in this state, enter initial
        After 1 day in this state, enter initial
        After 2 days in this state, enter initial
        After 1 cycle (4 hours) in this state, enter initial
        After 2 cycles (8 hours) in this state, enter initial
        After 1 hour in this state, enter initial
        After 2 hours in this state, enter initial
        After 1 minute in this state, enter initial
        After 2 minutes in this state, enter initial"
    `);
  });

  it('never leaves a raw key or placeholder in the text', () => {
    const texts = [...Object.values(COMPILING_EXAMPLES), ...Object.values(TEMPLATES).map(builderToText)];
    for (const text of texts) {
      for (const language of ['zh_CN', 'en_US'] as const) {
        const translated = translatePolicy(compiledOrThrow(text), language, seedTexts);
        expect(translated).not.toMatch(/policy\.|\{\w+\}/);
      }
    }
  });
});

describe('translatePolicyInfo', () => {
  it('has the translateInfo shape: audience, content, states with their events by eventId', () => {
    const policy = compiledOrThrow(COMPILING_EXAMPLES.B);
    const info = translatePolicyInfo(policy, 'en_US', seedTexts);
    expect(info.audience).toBe('Who may sign: everyone');
    expect(info.states.map((state) => state.name)).toEqual(['initial', 'get_auth', 'auth', 'finish']);
    expect(info.states[1]).toEqual({
      name: 'get_auth',
      content: 'State “get_auth”: grants no authorization',
      events: [
        {
          eventId: policy.fsmDescriptionInfo.get_auth?.transitions[0]?.eventId,
          content: 'Pay 29.99 coins to the licensor to enter auth',
        },
      ],
    });
    expect(info.content).toBe(translatePolicy(policy, 'en_US', seedTexts));
  });

  it('uses the texts it is given (a map works as well as a record) and falls back to zh_CN, then the key', () => {
    const policy = compiledOrThrow(COMPILING_EXAMPLES.A);
    const texts = new Map([
      ['policy.translate.audience', { zh_CN: '对象：{audiences}', en_US: '' }],
      ['policy.translate.audience.public', { zh_CN: '大家', en_US: 'all' }],
    ]);
    const info = translatePolicyInfo(policy, 'en_US', texts);
    expect(info.audience).toBe('对象：all');
    expect(info.states[0]?.content).toBe('policy.translate.state.permanent');
  });
});
