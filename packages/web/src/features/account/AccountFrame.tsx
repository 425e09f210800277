import type { ReactNode } from 'react';
import { StandaloneFrame } from '../../shared/ui/StandaloneFrame';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import styles from './AccountFrame.module.css';

export interface AccountFrameProps {
  title: string;
  lead?: string;
  children: ReactNode;
  /** Links to the other account pages, under the card. */
  footer?: ReactNode;
}

/** The account pages stand alone (brand and language switch only) with their form on one card. */
export function AccountFrame({ title, lead, children, footer }: AccountFrameProps) {
  useDocumentTitle(title);
  return (
    <StandaloneFrame>
      <div className={styles.page}>
        <section className={styles.card} aria-labelledby="account-title">
          <h1 id="account-title" className={styles.title}>
            {title}
          </h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
          {children}
        </section>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </StandaloneFrame>
  );
}
