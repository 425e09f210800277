// CodeMirror in Tessera's colours (the values of app/global.css and app/theme.ts).
import { EditorView } from '@codemirror/view';
import { HIGHLIGHT_CLASS } from './policy-highlighting';

const MONO =
  "'SFMono-Regular', 'JetBrains Mono', Menlo, Consolas, 'Liberation Mono', 'Noto Sans Mono CJK SC', monospace";

const tokenColours = {
  [HIGHLIGHT_CLASS.keyword]: { color: '#0f6b6e', fontWeight: '600' },
  [HIGHLIGHT_CLASS.stateName]: { color: '#8a4f0c', fontWeight: '600' },
  [HIGHLIGHT_CLASS.targetState]: { color: '#8a4f0c' },
  [HIGHLIGHT_CLASS.serviceState]: { color: '#1f7a45' },
  [HIGHLIGHT_CLASS.event]: { color: '#3d5a99' },
  [HIGHLIGHT_CLASS.string]: { color: '#a13d63' },
  [HIGHLIGHT_CLASS.number]: { color: '#a13d63' },
  [HIGHLIGHT_CLASS.operator]: { color: '#51605f' },
  [HIGHLIGHT_CLASS.comment]: { color: '#5f6d6b', fontStyle: 'italic' },
};

export const policyEditorTheme = EditorView.theme({
  '&': {
    fontSize: '14px',
    backgroundColor: '#ffffff',
    color: '#1c2b2d',
    border: '1px solid #e6e1d6',
    borderRadius: '10px',
    overflow: 'hidden',
  },
  '&.cm-focused': { outline: '3px solid #e3a34a', outlineOffset: '1px' },
  '.cm-scroller': { fontFamily: MONO, lineHeight: '1.6' },
  '.cm-content': { padding: '10px 0', caretColor: '#0f6b6e' },
  '.cm-gutters': { backgroundColor: '#f7f5f0', color: '#7d8a88', borderRight: '1px solid #e6e1d6' },
  '.cm-activeLine': { backgroundColor: 'rgb(15 107 110 / 5%)' },
  '.cm-activeLineGutter': { backgroundColor: '#e2efec', color: '#0a4e51' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: '#cfe5e1' },
  '.cm-tooltip': { borderRadius: '8px', border: '1px solid #e6e1d6', fontFamily: 'inherit' },
  '.cm-diagnostic': { fontFamily: 'inherit' },
  ...Object.fromEntries(Object.entries(tokenColours).map(([className, style]) => [`.${className}`, style])),
});
