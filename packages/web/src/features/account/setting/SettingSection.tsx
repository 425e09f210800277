import { useId, type ReactNode } from 'react';
import styles from './SettingSection.module.css';

/** One card of the personal centre, named by its heading. */
export function SettingSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
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
