// CodeMirror in Tessera's colours (the values of app/global.css and app/theme.ts).
import { EditorView } from '@codemirror/view';
import { HIGHLIGHT_CLASS } from './policy-highlighting';
import { TOKEN_STYLES, type PolicyHighlightKind } from './policy-tokens';

const MONO =
  "'SFMono-Regular', 'JetBrains Mono', Menlo, Consolas, 'Liberation Mono', 'Noto Sans Mono CJK SC', monospace";

const tokenColours = Object.fromEntries(
  Object.entries(HIGHLIGHT_CLASS).map(([kind, className]) => [className, TOKEN_STYLES[kind as PolicyHighlightKind]]),
);

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
