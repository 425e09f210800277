import type { ReactNode } from 'react';
import styles from './PageContainer.module.css';

/** The centred content column of a page inside the layout. */
export function PageContainer({ children }: { children: ReactNode }) {
  return <div className={styles.container}>{children}</div>;
}

/** A page's h1 with an optional lead paragraph. */
export function PageHeading({ title, lead }: { title: string; lead?: string }) {
  return (
    <header className={styles.heading}>
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
    </header>
  );
}
