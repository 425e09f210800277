import { useId, type ReactNode } from 'react';
import styles from './creator.module.css';

/** A titled part of a version form (properties, dependencies), named by its heading. */
export function EditorSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {title}
      </h2>
      {children}
    </section>
  );
}
