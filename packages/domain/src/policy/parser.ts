// Parser for the grammar of DOMAIN §4.2. It never throws: a syntax error (P001) is recorded and the
// parser skips to the next statement (a transition, a state header or an `always`), so one text can
// report an error per statement. Expression declarations are recognised and refused (P004).
import { diagnostic, syntaxError } from './diagnostics';
import { tokenizePolicy, type PolicyToken } from './lexer';
import type {
  PolicyAlwaysNode,
  PolicyAst,
  PolicyAudienceNode,
  PolicyDiagnostic,
  PolicyNameNode,
  PolicyStateNode,
  PolicyStringNode,
  PolicyTransitionNode,
  SourceRange,
} from './types';

export const MAX_POLICY_NAME_LENGTH = 40;

export type PolicyParseResult = { ast: PolicyAst; diagnostics: PolicyDiagnostic[] };

export function parsePolicy(text: string): PolicyParseResult {
  const { tokens, diagnostics } = tokenizePolicy(text);
  const parser = new Parser(
    text,
    tokens,
    diagnostics,
    diagnostics.map((item) => item.from),
  );
  return { ast: parser.parse(), diagnostics };
}

/** Thrown inside the parser only, to unwind to the statement being read; never leaves this module. */
class StatementError extends Error {}

function span(from: SourceRange, to: SourceRange): SourceRange {
  return { start: from.start, end: to.end };
}

class Parser {
  private index = 0;
  /** Where the statement being read starts: a lexical error inside it already explains what follows. */
  private statementStart = 0;

  constructor(
    private readonly source: string,
    private readonly tokens: PolicyToken[],
    private readonly diagnostics: PolicyDiagnostic[],
    private readonly lexicalErrorOffsets: number[],
  ) {}

  parse(): PolicyAst {
    const ast: PolicyAst = { audiences: [], always: [], states: [] };
    if (this.isWord('for')) {
      this.take();
      this.statement(() => this.readAudiences(ast.audiences), 'declarations');
    } else {
      this.fail(this.peek());
      this.skipTo('declarations');
    }
    this.readDeclarations(ast.always);
    this.readStates(ast.states);
    if (ast.states.length === 0 && this.diagnostics.length === 0) this.fail(this.peek());
    return ast;
  }

  // ---- audiences and declarations --------------------------------------------------------------

  private readAudiences(audiences: PolicyAudienceNode[]): void {
    do {
      const first = this.peek();
      if (this.startsStateHeader() || !isAudiencePart(first)) throw this.error(first);
      let last = this.take();
      const touchesLast = () => this.peek().range.start.offset === last.range.end.offset;
      while (isAudiencePart(this.peek()) && touchesLast()) last = this.take();
      const range = span(first.range, last.range);
      audiences.push({ text: this.source.slice(range.start.offset, range.end.offset), range });
    } while (this.takeSymbol(','));
  }

  private readDeclarations(always: PolicyAlwaysNode[]): void {
    while (!this.startsStateHeader()) {
      if (this.isWord('always')) {
        this.statement(() => {
          const keyword = this.take();
          if (this.startsStateHeader()) throw this.error(this.peek());
          const serviceState = this.expectName();
          always.push({ serviceState, range: span(keyword.range, serviceState.range) });
        }, 'declarations');
      } else if (this.peek().kind === 'name' && this.isSymbolAt(this.index + 1, '(')) {
        this.readExpressionDeclaration();
      } else {
        return;
      }
    }
  }

  /** `name(…) = …`: recognised so that it gets its own error, then skipped. */
  private readExpressionDeclaration(): void {
    const name = this.peek();
    const close = this.matchingParenthesis(this.index + 1);
    const equals = close === null ? undefined : this.tokens[close + 1];
    if (equals?.kind === 'other' && equals.text === '=') {
      this.diagnostics.push(diagnostic('P004', span(name.range, equals.range)));
    } else {
      this.diagnostics.push(syntaxError(this.tokens[this.index + 1]?.range ?? name.range, '('));
    }
    this.take();
    this.skipTo('declarations');
  }

  private matchingParenthesis(open: number): number | null {
    let depth = 0;
    for (let at = open; at < this.tokens.length; at++) {
      const token = this.tokens[at] as PolicyToken;
      if (token.kind === 'symbol' && token.text === '(') depth++;
      if (token.kind === 'symbol' && token.text === ')' && --depth === 0) return at;
    }
    return null;
  }

  // ---- states ----------------------------------------------------------------------------------

  private readStates(states: PolicyStateNode[]): void {
    while (this.peek().kind !== 'end') {
      if (this.startsStateHeader()) {
        states.push(this.readState());
      } else {
        this.statementStart = this.peek().range.start.offset;
        this.fail(this.peek());
        this.skipTo('states');
      }
    }
  }

  private readState(): PolicyStateNode {
    const name = this.expectName();
    const state: PolicyStateNode = { name, serviceStates: [], terminates: [], transitions: [], range: name.range };
    const headerRead = this.statement(() => {
      if (this.takeSymbol('[')) {
        do state.serviceStates.push(this.expectName());
        while (this.takeSymbol(','));
        this.expectSymbol(']');
      }
      state.range = span(name.range, this.expectSymbol(':').range);
    }, 'states');
    if (headerRead) this.readBody(state);
    return state;
  }

  private readBody(state: PolicyStateNode): void {
    const bodyStart = this.peek();
    for (;;) {
      if (this.isWord('terminate') && !this.startsStateHeader()) {
        const keyword = this.take();
        state.terminates.push(keyword.range);
        state.range = span(state.range, keyword.range);
      } else if (this.isSymbol('~')) {
        this.statement(() => {
          const transition = this.readTransition();
          state.transitions.push(transition);
          state.range = span(state.range, transition.range);
        }, 'transitions');
      } else {
        break;
      }
    }
    if (this.peek() === bodyStart) this.fail(bodyStart);
  }

  private readTransition(): PolicyTransitionNode {
    const tilde = this.take();
    const path = [this.expectName()];
    while (this.takeSymbol('.')) path.push(this.expectName());
    this.expectSymbol('(');
    const args: PolicyStringNode[] = [];
    if (this.peek().kind === 'string') {
      do args.push(this.expectString());
      while (this.takeSymbol(','));
    }
    this.expectSymbol(')');
    this.expectSymbol('=>');
    const target = this.expectName();
    return { path, args, target, range: span(tilde.range, target.range) };
  }

  // ---- tokens ----------------------------------------------------------------------------------

  private peek(): PolicyToken {
    return this.tokens[Math.min(this.index, this.tokens.length - 1)] as PolicyToken;
  }

  private take(): PolicyToken {
    const token = this.peek();
    if (token.kind !== 'end') this.index++;
    return token;
  }

  private isWord(word: string): boolean {
    const token = this.peek();
    return token.kind === 'name' && token.text === word;
  }

  private isSymbolAt(at: number, symbol: string): boolean {
    const token = this.tokens[at];
    return token?.kind === 'symbol' && token.text === symbol;
  }

  private isSymbol(symbol: string): boolean {
    return this.isSymbolAt(this.index, symbol);
  }

  /** A state header is a name followed by `[` or `:` (§4.2). */
  private startsStateHeader(at = this.index): boolean {
    return this.tokens[at]?.kind === 'name' && (this.isSymbolAt(at + 1, '[') || this.isSymbolAt(at + 1, ':'));
  }

  private takeSymbol(symbol: string): boolean {
    if (!this.isSymbol(symbol)) return false;
    this.take();
    return true;
  }

  private expectSymbol(symbol: string): PolicyToken {
    if (!this.isSymbol(symbol)) throw this.error(this.peek());
    return this.take();
  }

  private expectName(): PolicyNameNode {
    const token = this.peek();
    if (token.kind !== 'name') throw this.error(token);
    this.take();
    if (Array.from(token.text).length > MAX_POLICY_NAME_LENGTH) this.fail(token);
    return { text: token.text, range: token.range };
  }

  private expectString(): PolicyStringNode {
    const token = this.peek();
    if (token.kind !== 'string') throw this.error(token);
    this.take();
    return { value: token.text, range: token.range };
  }

  // ---- errors and recovery ---------------------------------------------------------------------

  private fail(token: PolicyToken): void {
    const at = token.range.start.offset;
    if (this.lexicalErrorOffsets.some((offset) => offset >= this.statementStart && offset <= at)) return;
    const written = this.source.slice(token.range.start.offset, token.range.end.offset);
    this.diagnostics.push(syntaxError(token.range, token.kind === 'end' ? null : written));
  }

  private error(token: PolicyToken): StatementError {
    this.fail(token);
    return new StatementError();
  }

  /** Runs one statement; after a syntax error skips to where the next statement can start. */
  private statement(read: () => void, resumeAt: 'declarations' | 'states' | 'transitions'): boolean {
    this.statementStart = this.peek().range.start.offset;
    try {
      read();
      return true;
    } catch (error) {
      if (!(error instanceof StatementError)) throw error;
      this.skipTo(resumeAt);
      return false;
    }
  }

  private skipTo(resumeAt: 'declarations' | 'states' | 'transitions'): void {
    while (this.peek().kind !== 'end' && !this.startsStateHeader()) {
      if (resumeAt === 'declarations' && this.isWord('always')) return;
      if (resumeAt === 'transitions' && this.isSymbol('~')) return;
      this.take();
    }
  }
}

/** Audience values are runs of touching tokens: `buyer@example.com` is a name, `@`, a name, `.`, a name. */
function isAudiencePart(token: PolicyToken): boolean {
  if (token.kind === 'symbol') return token.text === '.';
  return token.kind === 'name' || token.kind === 'digits' || token.kind === 'other';
}
