// Syntax colours of the policy language, from its own lexer (so the editor, the read-only view and the
// compiler never disagree about what a token is). The lexer skips comments; any non-blank text between
// two tokens is therefore a comment. No CodeMirror here: the read-only view colours code without it.
import { tokenizePolicy, type PolicyToken } from '@tessera/domain';

export type PolicyHighlightKind =
  'keyword' | 'stateName' | 'targetState' | 'serviceState' | 'event' | 'string' | 'number' | 'operator' | 'comment';

export type PolicyHighlight = { from: number; to: number; kind: PolicyHighlightKind };

const KEYWORDS = new Set(['for', 'always', 'terminate', 'public', 'nodes', 'registeredUsers', 'userGroup']);

function classify(tokens: readonly PolicyToken[], index: number, inBrackets: boolean): PolicyHighlightKind | null {
  const token = tokens[index] as PolicyToken;
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  switch (token.kind) {
    case 'string':
      return 'string';
    case 'digits':
      return 'number';
    case 'symbol':
      return token.text === '=>' || token.text === '~' ? 'operator' : null;
    case 'name':
      if (KEYWORDS.has(token.text)) return 'keyword';
      if (before?.text === '=>') return 'targetState';
      if (before?.text === '~' || before?.text === '.') return 'event';
      if (inBrackets || before?.text === 'always') return 'serviceState';
      if (after?.text === '[' || after?.text === ':') return 'stateName';
      return null;
    default:
      return null;
  }
}

/** Coloured ranges in text order; blanks and punctuation are left plain. */
export function policyHighlights(text: string): PolicyHighlight[] {
  const { tokens } = tokenizePolicy(text);
  const highlights: PolicyHighlight[] = [];
  let inBrackets = false;
  let previousEnd = 0;
  tokens.forEach((token, index) => {
    const { offset: from } = token.range.start;
    pushComment(text, previousEnd, from, highlights);
    previousEnd = token.range.end.offset;
    if (token.text === '[' && token.kind === 'symbol') inBrackets = true;
    if (token.text === ']' && token.kind === 'symbol') inBrackets = false;
    const kind = classify(tokens, index, inBrackets);
    if (kind !== null && from < previousEnd) highlights.push({ from, to: previousEnd, kind });
  });
  return highlights;
}

function pushComment(text: string, from: number, to: number, into: PolicyHighlight[]): void {
  const gap = text.slice(from, to);
  const start = gap.search(/\S/);
  if (start < 0) return;
  into.push({ from: from + start, to: from + gap.trimEnd().length, kind: 'comment' });
}

/** How each kind looks, in the editor and in the read-only view alike. */
export const TOKEN_STYLES: Readonly<
  Record<PolicyHighlightKind, { color: string; fontWeight?: string; fontStyle?: string }>
> = {
  keyword: { color: '#0f6b6e', fontWeight: '600' },
  stateName: { color: '#8a4f0c', fontWeight: '600' },
  targetState: { color: '#8a4f0c' },
  serviceState: { color: '#1f7a45' },
  event: { color: '#3d5a99' },
  string: { color: '#a13d63' },
  number: { color: '#a13d63' },
  operator: { color: '#51605f' },
  comment: { color: '#5f6d6b', fontStyle: 'italic' },
};
