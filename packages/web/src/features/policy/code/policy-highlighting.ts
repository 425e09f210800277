// The editor's syntax colours: CodeMirror marks over the ranges of policy-tokens.ts.
import { RangeSetBuilder, type Extension } from '@codemirror/state';
import { Decoration, ViewPlugin, type DecorationSet, type EditorView, type ViewUpdate } from '@codemirror/view';
import { policyHighlights, type PolicyHighlightKind } from './policy-tokens';

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
