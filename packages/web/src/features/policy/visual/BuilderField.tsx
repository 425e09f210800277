import type { ReactNode } from 'react';
import styles from './visual.module.css';

/** What a field hands to its control: the id its label points at and the error wiring. */
export type ControlProps = { id: string; status?: 'error'; 'aria-invalid'?: true; 'aria-describedby'?: string };

/** A labelled control with its message below; the message is tied to the control for screen readers. */
export function BuilderField({
  id,
  label,
  issue,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  issue?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const messageId = `${id}-message`;
  const control: ControlProps = issue
    ? { id, status: 'error', 'aria-invalid': true, 'aria-describedby': messageId }
    : { id };
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      {children(control)}
      {issue && (
        <div id={messageId} className={styles.fieldIssue}>
          {issue}
        </div>
      )}
    </div>
  );
}
