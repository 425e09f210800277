import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CheckOutlined } from '@ant-design/icons';
import { useT } from '../i18n';
import { PageContainer } from './PageContainer';
import styles from './ResultLayout.module.css';

/**
 * The layout's card, title, lead and step classes, for pages built like a result page without being one
 * (the creator entry, the node freeze page). Given beside a page's own classes in the markup: a CSS
 * `composes` from another file makes Vite's CSS-modules step warn at build time.
 */
export const resultClasses = {
  card: styles.card,
  title: styles.title,
  lead: styles.lead,
  steps: styles.steps,
  step: styles.step,
} as const;

/**
 * A result page (something was created or published): a check mark, the heading, a line on what happened, next steps.
 * `focusTitle`: the page replaced a form in place (the batch creator), so the title takes the focus and a
 * screen reader starts there.
 */
export function ResultLayout({
  title,
  lead,
  status,
  testId,
  focusTitle = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  status?: ReactNode;
  testId: string;
  focusTitle?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <PageContainer>
      <section className={styles.card} aria-labelledby={headingId} data-testid={testId}>
        <span className={styles.mark} aria-hidden="true">
          <CheckOutlined />
        </span>
        <h1 id={headingId} ref={heading} className={styles.title} tabIndex={focusTitle ? -1 : undefined}>
          {title}
        </h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {status}
        <h2 className={styles.nextHeading}>{t('common.nextSteps')}</h2>
        <ol className={styles.steps}>{children}</ol>
      </section>
    </PageContainer>
  );
}

/** One next step of a result page: what it is, why, and the button that does it. */
export function NextStep({ title, text, children }: { title: string; text: ReactNode; children?: ReactNode }) {
  return (
    <li className={styles.step}>
      <h3>{title}</h3>
      <p>{text}</p>
      {children ? <div className={styles.stepAction}>{children}</div> : null}
    </li>
  );
}
