import { useId, type ReactNode } from 'react';
import styles from './wallet.module.css';

/** One card of the wallet page, named by its heading. */
export function WalletSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}
