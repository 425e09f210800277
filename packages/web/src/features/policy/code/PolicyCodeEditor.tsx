import { useCallback, useEffect, useRef, useState } from 'react';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching } from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics } from '@codemirror/lint';
import { Annotation, Compartment, EditorState, Transaction } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { policyEditorTheme } from './editor-theme';
import { policyHighlighting } from './policy-highlighting';

export type EditorDiagnostic = { from: number; to: number; severity: 'error' | 'warning'; message: string };

/** Select `from`–`to` and focus the editor; a new object asks again for the same place. */
export type FocusRequest = { from: number; to: number };

export type PolicyCodeEditorProps = {
  value: string;
  onChange?: (text: string) => void;
  readOnly?: boolean;
  diagnostics: readonly EditorDiagnostic[];
  /** The text the diagnostics belong to: they are shown only while the editor holds exactly it. */
  diagnosticsText: string;
  focusRequest?: FocusRequest | null;
  /** The accessible name of the text area. */
  label: string;
  describedBy?: string;
};

/** Marks changes that come from `value`, so they are not reported back through onChange. */
const fromValue = Annotation.define<boolean>();

function attributes(label: string, describedBy: string | undefined): Record<string, string> {
  return describedBy ? { 'aria-label': label, 'aria-describedby': describedBy } : { 'aria-label': label };
}

/**
 * CodeMirror 6 for policy text: line numbers, the language's colours, undo, and the compiler's
 * diagnostics underlined in place (Ctrl-Shift-M lists them, F8 jumps to the next). Tab is left to
 * move the focus out of the editor, so the page stays keyboard navigable.
 */
export function PolicyCodeEditor({
  value,
  onChange,
  readOnly = false,
  diagnostics,
  diagnosticsText,
  focusRequest,
  label,
  describedBy,
}: PolicyCodeEditorProps) {
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  // Settings that props change after mounting; the view itself is built once.
  const [labelling] = useState(() => new Compartment());
  const [editability] = useState(() => new Compartment());

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const mount = useCallback(
    (host: HTMLDivElement | null) => {
      if (!host) return;
      const view = new EditorView({
        parent: host,
        state: EditorState.create({
          extensions: [
            lineNumbers(),
            highlightActiveLineGutter(),
            history(),
            drawSelection(),
            highlightActiveLine(),
            bracketMatching(),
            lintGutter(),
            keymap.of([...defaultKeymap, ...historyKeymap, ...lintKeymap]),
            policyHighlighting(),
            policyEditorTheme,
            EditorView.lineWrapping,
            editability.of([]),
            labelling.of(EditorView.contentAttributes.of({})),
            EditorView.updateListener.of((update) => {
              if (!update.docChanged || update.transactions.some((transaction) => transaction.annotation(fromValue)))
                return;
              onChangeRef.current?.(update.state.doc.toString());
            }),
          ],
        }),
      });
      viewRef.current = view;
      return () => {
        viewRef.current = null;
        view.destroy();
      };
    },
    [labelling, editability],
  );

  useEffect(() => {
    viewRef.current?.dispatch({ effects: editability.reconfigure(EditorState.readOnly.of(readOnly)) });
  }, [readOnly, editability]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: labelling.reconfigure(EditorView.contentAttributes.of(attributes(label, describedBy))),
    });
  }, [label, describedBy, labelling]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || view.state.doc.toString() === value) return;
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: value },
      annotations: [fromValue.of(true), Transaction.addToHistory.of(false)],
    });
  }, [value]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || view.state.doc.toString() !== diagnosticsText) return;
    const length = view.state.doc.length;
    const shown = diagnostics.map((item) => ({
      ...item,
      from: Math.min(item.from, length),
      to: Math.min(item.to, length),
    }));
    view.dispatch(setDiagnostics(view.state, shown));
  }, [diagnostics, diagnosticsText]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || !focusRequest) return;
    const length = view.state.doc.length;
    view.dispatch({
      selection: { anchor: Math.min(focusRequest.from, length), head: Math.min(focusRequest.to, length) },
      scrollIntoView: true,
    });
    view.focus();
  }, [focusRequest]);

  return <div ref={mount} data-testid="policy-code-editor" />;
}
