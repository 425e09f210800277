import { describe, expect, it } from 'vitest';
import policyTexts from '../i18n/texts/policy.json';
import { seedTexts } from '../i18n/texts';
import { compilePolicy } from './compiler';
import { formatPolicyDiagnostic, policyWireErrors } from './diagnostics';
import { POLICY_ERROR_CODES, POLICY_WARNING_CODES } from './types';

const texts: Record<string, { zh_CN: string; en_US: string }> = policyTexts;

describe('policy.json', () => {
  it('has both languages for every key, all under policy.*', () => {
    for (const [key, text] of Object.entries(texts)) {
      expect(key.startsWith('policy.')).toBe(true);
      expect(text.zh_CN.trim()).not.toBe('');
      expect(text.en_US.trim()).not.toBe('');
    }
  });

  it('has a message for every error and warning code', () => {
    const codes = [...POLICY_ERROR_CODES, ...POLICY_WARNING_CODES];
    const messageKeys = Object.keys(texts).filter((key) => key.startsWith('policy.error.'));
    const covered = new Set(messageKeys.map((key) => key.split('.')[2]));
    expect([...covered].sort()).toEqual([...codes].sort());
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const text of Object.values(texts)) expect(placeholders(text.zh_CN)).toEqual(placeholders(text.en_US));
  });
});

describe('formatting diagnostics', () => {
  it('renders the messages of DOMAIN §4.6 in English and in Chinese', () => {
    const text = 'for public\ninitial:\n  ~freelog.SigningEvent("abc/abc") => signed\nsigned[active]:\n  terminate';
    const [error] = compilePolicy(text).errors;
    if (!error) throw new Error('expected an error');
    expect(formatPolicyDiagnostic(error, 'en_US', seedTexts)).toBe("Event 'SigningEvent' is not supported");
    expect(formatPolicyDiagnostic(error, 'zh_CN', seedTexts)).toBe('暂不支持事件“SigningEvent”');
  });

  it('renders P001 with its line, column and token', () => {
    const [error] = compilePolicy('for public\ninitial[active] terminate').errors;
    if (!error) throw new Error('expected an error');
    expect(formatPolicyDiagnostic(error, 'en_US', seedTexts)).toBe(
      "Syntax error at line 2, column 17: unexpected 'terminate'",
    );
  });

  it('builds the errCode 4 data of DOMAIN §4.6', () => {
    const result = compilePolicy('for public\nstart[active]: terminate');
    expect(policyWireErrors(result.errors, 3, 'en_US', seedTexts)).toEqual([
      { index: 3, line: 2, column: 1, code: 'P011', message: "A state named 'initial' is required" },
    ]);
  });

  it('every message a compile can produce renders without a raw key or placeholder', () => {
    const texts = [
      'x',
      'for',
      'for nobody, userGroup f(x) = 1 always shown initial[active, active]: terminate ~freelog.TimeEvent("x") => y',
      'for public initial[testActive]: ~a.B("1") => x ~freelog.B("1") => x ~freelog.ViewCountEvent() => x',
      'for public initial[active]: ~freelog.TimeEvent() => x ~freelog.TransactionEvent("0","x") => x',
      'for public initial[active]: ~freelog.CycleEndEvent("0","minute") => x ~freelog.TimeEvent("2020-01-01 00:00") => initial',
      'for public, public initial: terminate initial: terminate public: terminate lost[active]: terminate',
      'for public initial: ~freelog.TimeEvent("2030-01-01 00:00") => a ~freelog.TimeEvent("2030-01-01 00:00") => a a: terminate',
      '',
    ];
    for (const text of texts) {
      for (const subjectType of [1, 2] as const) {
        const result = compilePolicy(text, { subjectType, now: new Date('2025-01-01T00:00:00Z') });
        for (const item of [...result.errors, ...result.warnings]) {
          for (const language of ['zh_CN', 'en_US'] as const) {
            expect(formatPolicyDiagnostic(item, language, seedTexts)).not.toMatch(/policy\.|\{\w+\}/);
          }
        }
      }
    }
  });
});
