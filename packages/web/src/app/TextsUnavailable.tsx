import styles from './TextsUnavailable.module.css';

// The one message shown without the translation layer: it is what appears when the texts
// themselves could not be loaded, so it says everything in both languages.
export function TextsUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main className={styles.page}>
      <div role="alert" className={styles.box}>
        <h1 className={styles.title}>
          <span lang="zh-CN">页面文字加载失败</span>
          <span lang="en">Could not load the page texts</span>
        </h1>
        <p className={styles.text}>
          <span lang="zh-CN">请检查网络连接后重试。</span>
          <span lang="en">Please check your connection and try again.</span>
        </p>
        <button type="button" className={styles.retry} onClick={onRetry}>
          <span lang="zh-CN">重试</span> / <span lang="en">Retry</span>
        </button>
      </div>
    </main>
  );
}
