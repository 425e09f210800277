import { Suspense } from 'react';
import { useT } from '../../shared/i18n';
import { lazyPart } from '../../shared/ui/lazy-part';
import type { PolicyEditorDialogProps } from './PolicyEditorDialog';
import type { PolicyEditorProps } from './types';
import styles from './lazy.module.css';

const PolicyEditor = lazyPart(
  () => import('./PolicyEditor'),
  (module) => module.PolicyEditor,
);
// Read-only pages (resource details) need neither the builder nor the templates.
const PolicyReadOnlyView = lazyPart(
  () => import('./PolicyReadOnlyView'),
  (module) => module.PolicyReadOnlyView,
);
const PolicyEditorDialog = lazyPart(
  () => import('./PolicyEditorDialog'),
  (module) => module.PolicyEditorDialog,
);

function EditorLoading() {
  const t = useT();
  return (
    <div role="status" className={styles.loading} data-testid="policy-editor-loading">
      {t('policyEditor.loading')}
    </div>
  );
}

/** `PolicyEditor`, loaded on first use. */
export function LazyPolicyEditor({ readOnly = false, ...props }: PolicyEditorProps) {
  return (
    <Suspense fallback={<EditorLoading />}>
      {readOnly ? (
        <PolicyReadOnlyView value={props.value} subjectType={props.subjectType} label={props.label} id={props.id} />
      ) : (
        <PolicyEditor {...props} />
      )}
    </Suspense>
  );
}

/** `PolicyEditorDialog`, loaded on first use (render it only while the dialog is open). */
export function LazyPolicyEditorDialog(props: PolicyEditorDialogProps) {
  return (
    <Suspense fallback={null}>
      <PolicyEditorDialog {...props} />
    </Suspense>
  );
}
