import { describe, expect, it } from 'vitest';
import {
  builderToText,
  freePolicyTemplate,
  payOncePolicyTemplate,
  POLICY_TEMPLATES,
  textToBuilder,
  trialThenSubscriptionPolicyTemplate,
  type PolicyBuilderModel,
} from './builder';
import { compilePolicy } from './compiler';
import { COMPILING_EXAMPLES } from './testing';

describe('templates', () => {
  it('free: compiles to a free policy for resources and exhibits', () => {
    const text = builderToText(freePolicyTemplate());
    expect(text).toBe('for public\n\ninitial[active]:\n  terminate');
    for (const subjectType of [1, 2] as const) expect(compilePolicy(text, { subjectType }).isFree).toBe(true);
  });

  it('pay once: the price leads to a permanent licence', () => {
    const text = builderToText(payOncePolicyTemplate({ price: '12.5' }));
    expect(text).toBe(
      'for public\n\ninitial:\n  ~freelog.TransactionEvent("12.5","self.account") => paid\n\npaid[active]:\n  terminate',
    );
    const result = compilePolicy(text, { subjectType: 2 });
    expect(result.ok && result.warnings).toEqual([]);
    expect(result.policy?.fsmDescriptionInfo.initial?.transitions[0]?.args).toEqual({
      amount: '12.50',
      account: 'self.account',
    });
  });

  it('trial then subscription: trial days, then a payment per period', () => {
    const model = trialThenSubscriptionPolicyTemplate({
      trialDays: 14,
      price: '30',
      period: { count: 3, unit: 'month' },
    });
    expect(builderToText(model)).toBe(
      [
        'for public',
        '',
        'initial[active]:',
        '  ~freelog.RelativeTimeEvent("14","day") => unpaid',
        '',
        'unpaid:',
        '  ~freelog.TransactionEvent("30","self.account") => subscribed',
        '',
        'subscribed[active]:',
        '  ~freelog.RelativeTimeEvent("3","month") => unpaid',
      ].join('\n'),
    );
    const result = compilePolicy(builderToText(model), { subjectType: 2 });
    expect(result.ok && result.warnings).toEqual([]);
  });

  it('the template list has titles and compiles with its default parameters', () => {
    expect(POLICY_TEMPLATES.map((template) => [template.id, template.titleKey])).toEqual([
      ['free', 'policy.template.free'],
      ['payOnce', 'policy.template.payOnce'],
      ['trialThenSubscription', 'policy.template.trialThenSubscription'],
    ]);
    for (const template of POLICY_TEMPLATES) expect(compilePolicy(builderToText(template.model)).ok).toBe(true);
  });
});

describe('textToBuilder', () => {
  it('reads D: audiences, flags with `always` folded in, transitions with their compiled arguments', () => {
    const result = textToBuilder(COMPILING_EXAMPLES.D);
    const expected: PolicyBuilderModel = {
      audiences: ['public', '10001', 'buyer@example.com'],
      states: [
        {
          name: 'initial',
          active: false,
          testActive: true,
          terminate: false,
          transitions: [
            { name: 'TransactionEvent', args: { amount: '100.00', account: 'self.account' }, target: 'paid' },
            { name: 'TimeEvent', args: { dateTime: '2030-01-01 00:00' }, target: 'closed' },
          ],
        },
        {
          name: 'paid',
          active: true,
          testActive: true,
          terminate: false,
          transitions: [{ name: 'CycleEndEvent', args: { cycleCount: 6, timeUnit: 'cycle' }, target: 'initial' }],
        },
        { name: 'closed', active: false, testActive: true, terminate: true, transitions: [] },
      ],
    };
    expect(result).toEqual({ ok: true, model: expected, warnings: [] });
  });

  it('gives the same policy back through builderToText', () => {
    for (const text of Object.values(COMPILING_EXAMPLES)) {
      const result = textToBuilder(text);
      if (!result.ok) throw new Error('expected a model');
      const again = textToBuilder(builderToText(result.model));
      expect(again).toEqual(result);
    }
  });

  it('answers the compile errors of a text that does not compile', () => {
    const result = textToBuilder('for public\ninitial[active]: terminate', { subjectType: 2 });
    expect(result.ok).toBe(true);
    const failed = textToBuilder(COMPILING_EXAMPLES.D, { subjectType: 2 });
    expect(failed.ok).toBe(false);
    expect(!failed.ok && failed.errors.map((error) => error.code)).toEqual(['P010']);
  });
});

describe('builderToText on models the editor can produce', () => {
  it('a state that both terminates and has transitions gives P014', () => {
    const model = freePolicyTemplate();
    model.states[0]?.transitions.push({ name: 'TimeEvent', args: { dateTime: '2030-01-01 00:00' }, target: 'initial' });
    const result = compilePolicy(builderToText(model));
    expect(result.errors.map((error) => error.code)).toEqual(['P014']);
  });

  it('no audience gives a syntax error', () => {
    const model: PolicyBuilderModel = { ...freePolicyTemplate(), audiences: [] };
    expect(compilePolicy(builderToText(model)).errors.map((error) => error.code)).toEqual(['P001']);
  });
});
