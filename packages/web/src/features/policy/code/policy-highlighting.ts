// Syntax colours for the code editor, from the policy language's own lexer (so the editor and the
// compiler never disagree about what a token is). The lexer skips comments; any non-blank text between
// two tokens is therefore a comment.
import { RangeSetBuilder, type Extension } from '@codemirror/state';
import { Decoration, ViewPlugin, type DecorationSet, type EditorView, type ViewUpdate } from '@codemirror/view';
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

export const HIGHLIGHT_CLASS: Readonly<Record<PolicyHighlightKind, string>> = {
  keyword: 'cm-policy-keyword',
  stateName: 'cm-policy-state',
  targetState: 'cm-policy-target',
  serviceState: 'cm-policy-service',
  event: 'cm-policy-event',
  string: 'cm-policy-string',
  number: 'cm-policy-number',
  operator: 'cm-policy-operator',
  comment: 'cm-policy-comment',
};

const MARKS = Object.fromEntries(
  Object.entries(HIGHLIGHT_CLASS).map(([kind, className]) => [kind, Decoration.mark({ class: className })]),
) as Record<PolicyHighlightKind, Decoration>;

function decorate(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  for (const { from, to, kind } of policyHighlights(view.state.doc.toString())) builder.add(from, to, MARKS[kind]);
  return builder.finish();
}

/** Policies are at most 10 000 characters: colouring the whole text on each change is cheap. */
export function policyHighlighting(): Extension {
  return ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;

      constructor(view: EditorView) {
        this.decorations = decorate(view);
      }

      update(update: ViewUpdate) {
        if (update.docChanged) this.decorations = decorate(update.view);
      }
    },
    { decorations: (plugin) => plugin.decorations },
  );
}
