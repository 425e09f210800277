import { describe, expect, it } from 'vitest';
import { policyHighlights } from './policy-tokens';

function coloured(text: string): [string, string][] {
  return policyHighlights(text).map(({ from, to, kind }) => [kind, text.slice(from, to)]);
}

describe('policy highlighting', () => {
  it('colours keywords, states, service states, events, arguments and comments', () => {
    const text =
      'for public, 10001 // who\nalways testActive\n/* the start */ initial [active]:\n  ~freelog.TransactionEvent("10","self.account") => paid\npaid: terminate';
    expect(coloured(text)).toEqual([
      ['keyword', 'for'],
      ['keyword', 'public'],
      ['number', '10001'],
      ['comment', '// who'],
      ['keyword', 'always'],
      ['serviceState', 'testActive'],
      ['comment', '/* the start */'],
      ['stateName', 'initial'],
      ['serviceState', 'active'],
      ['operator', '~'],
      ['event', 'freelog'],
      ['event', 'TransactionEvent'],
      ['string', '"10"'],
      ['string', '"self.account"'],
      ['operator', '=>'],
      ['targetState', 'paid'],
      ['stateName', 'paid'],
      ['keyword', 'terminate'],
    ]);
  });

  it('copes with unfinished text', () => {
    expect(coloured('for public\ninitial:\n  ~freelog.TimeEvent("2030')).toEqual([
      ['keyword', 'for'],
      ['keyword', 'public'],
      ['stateName', 'initial'],
      ['operator', '~'],
      ['event', 'freelog'],
      ['event', 'TimeEvent'],
      ['string', '"2030'],
    ]);
    expect(coloured('/* open')).toEqual([['comment', '/* open']]);
  });
});
