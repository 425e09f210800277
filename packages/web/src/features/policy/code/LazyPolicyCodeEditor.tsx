import { Suspense } from 'react';
import { lazyPart } from '../../../shared/ui/lazy-part';
import type { PolicyCodeEditorProps } from './PolicyCodeEditor';
import styles from './code.module.css';

// CodeMirror is most of the editor's weight and the visual builder does not need it: it loads the
// first time code is shown.
const PolicyCodeEditor = lazyPart(
  () => import('./PolicyCodeEditor'),
  (module) => module.PolicyCodeEditor,
);

/** `PolicyCodeEditor`, showing the text as it is until CodeMirror has loaded. */
export function LazyPolicyCodeEditor(props: PolicyCodeEditorProps) {
  return (
    <Suspense
      fallback={
        <pre className={styles.fallback} aria-label={props.label} aria-busy="true">
          {props.value}
        </pre>
      }
    >
      <PolicyCodeEditor {...props} />
    </Suspense>
  );
}
