import { memo } from 'react';
import { SubjectType } from '@tessera/domain';
import { PolicyEditingView } from './PolicyEditingView';
import { PolicyReadOnlyView } from './PolicyReadOnlyView';
import type { PolicyEditorProps } from './types';
import { useIdPrefix } from './use-id-prefix';

export type { PolicyEditorMode, PolicyEditorProps } from './types';

/**
 * The policy editor: a visual state-machine builder and a code editor over one policy text, or with
 * `readOnly` the policy in plain words beside its code. Memoised: a form around it (the dialog's name
 * field) re-renders often, and the editor only needs its props.
 */
export const PolicyEditor = memo(function PolicyEditor({
  readOnly = false,
  subjectType = SubjectType.Resource,
  ...props
}: PolicyEditorProps) {
  const idPrefix = useIdPrefix(props.id);
  return readOnly ? (
    <PolicyReadOnlyView value={props.value} subjectType={subjectType} label={props.label} id={idPrefix} />
  ) : (
    <PolicyEditingView {...props} subjectType={subjectType} idPrefix={idPrefix} />
  );
});
