// Tokens of the policy language (DOMAIN §4.1). Spaces, tabs, line breaks and comments only separate
// tokens; every token knows where it starts and ends.
import { syntaxError } from './diagnostics';
import type { PolicyDiagnostic, SourcePosition, SourceRange } from './types';

export type PolicyTokenKind = 'name' | 'digits' | 'string' | 'symbol' | 'other' | 'end';

export type PolicyToken = {
  kind: PolicyTokenKind;
  /** The text as written; for a string, the text between the quotes. */
  text: string;
  range: SourceRange;
};

const NAME_START = /[\p{L}_]/u;
const NAME_PART = /[\p{L}\p{Nd}_]/u;
const DIGIT = /[0-9]/;
const SYMBOLS = new Set([',', ':', '[', ']', '~', '.', '(', ')']);

class Cursor {
  offset = 0;
  line = 1;
  column = 1;

  constructor(readonly text: string) {}

  get position(): SourcePosition {
    return { offset: this.offset, line: this.line, column: this.column };
  }

  get atEnd(): boolean {
    return this.offset >= this.text.length;
  }

  /** The code point at the cursor (one or two UTF-16 units), or '' at the end. */
  peek(ahead = 0): string {
    let offset = this.offset;
    for (let skipped = 0; skipped < ahead && offset < this.text.length; skipped++) {
      offset += (this.text.codePointAt(offset) as number) > 0xffff ? 2 : 1;
    }
    const code = this.text.codePointAt(offset);
    return code === undefined ? '' : String.fromCodePoint(code);
  }

  isLineBreak(): boolean {
    const char = this.peek();
    return char === '\n' || char === '\r';
  }

  advance(): void {
    const char = this.peek();
    if (char === '\r' && this.text[this.offset + 1] === '\n') {
      this.offset += 2;
    } else {
      this.offset += char.length;
    }
    if (char === '\n' || char === '\r') {
      this.line += 1;
      this.column = 1;
    } else {
      this.column += 1;
    }
  }

  advanceWhile(test: (char: string) => boolean): void {
    while (!this.atEnd && test(this.peek())) this.advance();
  }
}

export type PolicyLexResult = { tokens: PolicyToken[]; diagnostics: PolicyDiagnostic[] };

/** Never throws: unclosed strings and comments are reported and read to the end of their line or text. */
export function tokenizePolicy(text: string): PolicyLexResult {
  const cursor = new Cursor(text);
  const tokens: PolicyToken[] = [];
  const diagnostics: PolicyDiagnostic[] = [];
  const push = (kind: PolicyTokenKind, start: SourcePosition, value = text.slice(start.offset, cursor.offset)) =>
    tokens.push({ kind, text: value, range: { start, end: cursor.position } });

  while (!cursor.atEnd) {
    const start = cursor.position;
    const char = cursor.peek();
    const next = cursor.peek(1);
    if (char === ' ' || char === '\t' || cursor.isLineBreak()) {
      cursor.advance();
    } else if (char === '/' && next === '/') {
      cursor.advanceWhile(() => !cursor.isLineBreak());
    } else if (char === '/' && next === '*') {
      skipBlockComment(cursor, start, diagnostics);
    } else if (char === '"') {
      readString(cursor, start, push, diagnostics);
    } else if (NAME_START.test(char)) {
      cursor.advanceWhile((c) => NAME_PART.test(c));
      push('name', start);
    } else if (DIGIT.test(char)) {
      cursor.advanceWhile((c) => DIGIT.test(c));
      push('digits', start);
    } else if (char === '=' && next === '>') {
      cursor.advance();
      cursor.advance();
      push('symbol', start);
    } else {
      cursor.advance();
      push(SYMBOLS.has(char) ? 'symbol' : 'other', start);
    }
  }
  const end = cursor.position;
  tokens.push({ kind: 'end', text: '', range: { start: end, end } });
  return { tokens, diagnostics };
}

function skipBlockComment(cursor: Cursor, start: SourcePosition, diagnostics: PolicyDiagnostic[]): void {
  cursor.advance();
  cursor.advance();
  while (!cursor.atEnd && !(cursor.peek() === '*' && cursor.peek(1) === '/')) cursor.advance();
  if (cursor.atEnd) {
    diagnostics.push(syntaxError({ start, end: cursor.position }, '/*'));
    return;
  }
  cursor.advance();
  cursor.advance();
}

function readString(
  cursor: Cursor,
  start: SourcePosition,
  push: (kind: PolicyTokenKind, start: SourcePosition, value?: string) => void,
  diagnostics: PolicyDiagnostic[],
): void {
  cursor.advance();
  const valueStart = cursor.offset;
  cursor.advanceWhile((c) => c !== '"' && c !== '\n' && c !== '\r');
  const value = cursor.text.slice(valueStart, cursor.offset);
  if (cursor.peek() === '"') {
    cursor.advance();
  } else {
    diagnostics.push(syntaxError({ start, end: cursor.position }, `"${value}`));
  }
  push('string', start, value);
}
