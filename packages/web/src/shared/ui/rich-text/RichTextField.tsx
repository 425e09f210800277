import { Suspense } from 'react';
import { useT } from '../../i18n';
import { lazyPart } from '../lazy-part';
import type { RichTextEditorProps } from './RichTextEditor';
import styles from './rich-text.module.css';

// Tiptap and ProseMirror are most of the editor's weight and only the pages that write descriptions
// need them: they load the first time such a field is shown.
const RichTextEditor = lazyPart(
  () => import('./RichTextEditor'),
  (module) => module.RichTextEditor,
);

/** The rich-text editor, with a quiet placeholder of its size while its code loads. */
export function RichTextField(props: RichTextEditorProps) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <div className={`${styles.editor} ${styles.loading}`} aria-labelledby={props.labelledBy} aria-busy="true">
          {t('common.richText.loading')}
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
