// The policy editor for other features. CodeMirror, the builder and antd's heavier inputs load in
// their own chunk the first time one of these renders, so no page carries them until it shows one.
export { LazyPolicyEditor, LazyPolicyEditorDialog } from './lazy';
export type { PolicyEditorMode, PolicyEditorProps } from './types';
export type { PolicyDraft, PolicyEditorDialogProps } from './PolicyEditorDialog';
export { POLICY_NAME_MAX_LENGTH, POLICY_NAME_MIN_LENGTH, policyNameProblem } from './policy-name';
// A policy's states as a graph (its own chunk) and its plain-language translation, for contracts.
export { LazyPolicyStateGraph } from './graph/LazyPolicyStateGraph';
export type { PolicyStateGraphProps } from './graph/PolicyStateGraph';
export { PolicyTranslationView } from './panel/PolicyTranslationView';
