import { BrandMark } from './BrandMark';
import styles from './FullPageLoading.module.css';

/**
 * Covers the page while the app starts or a page's code loads. Before the texts exist there is
 * no label to give; `aria-busy` tells assistive technology that the page is not ready.
 */
export function FullPageLoading({ label }: { label?: string }) {
  return (
    <div className={styles.page} role="status" aria-live="polite" aria-busy="true" data-testid="full-page-loading">
      <div className={styles.mark}>
        <BrandMark size={48} />
      </div>
      {label ? <span className={styles.label}>{label}</span> : null}
    </div>
  );
}
