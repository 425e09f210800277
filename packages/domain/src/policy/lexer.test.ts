import { describe, expect, it } from 'vitest';
import { compilePolicy } from './compiler';
import { tokenizePolicy } from './lexer';
import { parsePolicy } from './parser';

const kinds = (text: string) => tokenizePolicy(text).tokens.map((token) => [token.kind, token.text]);
const positions = (text: string) =>
  tokenizePolicy(text).tokens.map((token) => [token.text, token.range.start.line, token.range.start.column]);

describe('tokenizePolicy', () => {
  it('splits names, digits, strings, symbols and anything else', () => {
    expect(kinds('for 10001, a@b.cn s_1[x]: ~freelog.T("1","u") => 初始')).toEqual([
      ['name', 'for'],
      ['digits', '10001'],
      ['symbol', ','],
      ['name', 'a'],
      ['other', '@'],
      ['name', 'b'],
      ['symbol', '.'],
      ['name', 'cn'],
      ['name', 's_1'],
      ['symbol', '['],
      ['name', 'x'],
      ['symbol', ']'],
      ['symbol', ':'],
      ['symbol', '~'],
      ['name', 'freelog'],
      ['symbol', '.'],
      ['name', 'T'],
      ['symbol', '('],
      ['string', '1'],
      ['symbol', ','],
      ['string', 'u'],
      ['symbol', ')'],
      ['symbol', '=>'],
      ['name', '初始'],
      ['end', ''],
    ]);
  });

  it('skips line and block comments, also when they touch a token', () => {
    expect(kinds('a// note\nb/* x\ny */c')).toEqual([
      ['name', 'a'],
      ['name', 'b'],
      ['name', 'c'],
      ['end', ''],
    ]);
  });

  it('reads a lone = and / as other tokens', () => {
    expect(kinds('= / =>')).toEqual([
      ['other', '='],
      ['other', '/'],
      ['symbol', '=>'],
      ['end', ''],
    ]);
  });

  it('reports an unclosed string at its quote and stops it at the line break', () => {
    const { tokens, diagnostics } = tokenizePolicy('x("abc\ny")');
    expect(tokens.map((token) => [token.kind, token.text])).toEqual([
      ['name', 'x'],
      ['symbol', '('],
      ['string', 'abc'],
      ['name', 'y'],
      ['string', ')'],
      ['end', ''],
    ]);
    expect(diagnostics.map((d) => [d.code, d.line, d.column, d.params.token])).toEqual([
      ['P001', 1, 3, '"abc'],
      ['P001', 2, 2, '")'],
    ]);
  });
});

describe('positions: 1-based line and column, UTF-16 offsets', () => {
  it('LF, CRLF and a lone CR each end one line', () => {
    expect(positions('a\nb\r\nc\rd')).toEqual([
      ['a', 1, 1],
      ['b', 2, 1],
      ['c', 3, 1],
      ['d', 4, 1],
      ['', 4, 2],
    ]);
  });

  it('a tab is one column', () => {
    expect(positions('\t\ta\t b')).toEqual([
      ['a', 1, 3],
      ['b', 1, 6],
      ['', 1, 7],
    ]);
  });

  it('CJK characters and emoji are one column each; offsets count UTF-16 units', () => {
    const { tokens } = tokenizePolicy('状态 😀 x');
    expect(tokens.map((token) => [token.text, token.range.start.column, token.range.start.offset])).toEqual([
      ['状态', 1, 0],
      ['😀', 4, 3],
      ['x', 6, 6],
      ['', 7, 7],
    ]);
  });

  it('errors point at the right place across CRLF, tabs, comments and unicode', () => {
    const text = 'for public\r\n/* 注释 😀 */\r\n初始态[active]:\r\n\t~freelog.TimeEvent("2030-13-01 00:00") => 初始态';
    const [error] = compilePolicy(text).errors.filter((item) => item.code === 'P028');
    expect([error?.line, error?.column]).toEqual([4, 21]);
    expect(text.slice(error?.from, error?.to)).toBe('"2030-13-01 00:00"');
  });

  it('nodes of the tree carry ranges', () => {
    const { ast } = parsePolicy('for public\ninitial[active]:\n  ~freelog.TimeEvent("2030-01-01 00:00") => initial');
    const state = ast.states[0];
    const transition = state?.transitions[0];
    expect(ast.audiences[0]?.range.start).toEqual({ offset: 4, line: 1, column: 5 });
    expect(state?.range.start).toEqual({ offset: 11, line: 2, column: 1 });
    expect(state?.serviceStates[0]?.range.start).toEqual({ offset: 19, line: 2, column: 9 });
    expect(transition?.range.start).toEqual({ offset: 30, line: 3, column: 3 });
    expect(transition?.range.end).toEqual({ offset: 79, line: 3, column: 52 });
    expect(transition?.args[0]?.value).toBe('2030-01-01 00:00');
    expect(transition?.target.range.start.column).toBe(45);
  });
});
