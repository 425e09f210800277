import { useId, type ReactNode } from 'react';
import styles from './StatusPanel.module.css';

export type StatusTone = 'loading' | 'empty' | 'error' | 'notFound';

export interface StatusPanelProps {
  tone: StatusTone;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** 1 when the panel is the whole page (404), else 2. */
  headingLevel?: 1 | 2;
  testId?: string;
}

const announcements: Record<StatusTone, { role?: 'alert' | 'status'; live?: 'polite' | 'assertive' }> = {
  loading: { role: 'status', live: 'polite' },
  empty: { role: 'status', live: 'polite' },
  error: { role: 'alert', live: 'assertive' },
  // A 404 is the page itself, not news about it.
  notFound: {},
};

/**
 * The loading, empty, error and not-found states of a page. Loading and empty states are
 * announced politely, errors at once. The heading names the region.
 */
export function StatusPanel({ tone, title, description, actions, headingLevel = 2, testId }: StatusPanelProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={styles.panel}
      role={announcements[tone].role}
      aria-live={announcements[tone].live}
      data-state={tone}
      data-testid={testId}
    >
      {tone === 'loading' ? <span className={styles.spinner} aria-hidden="true" /> : <StatusArt tone={tone} />}
      <Heading id={headingId} className={styles.title}>
        {title}
      </Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </section>
  );
}

const artColours: Record<Exclude<StatusTone, 'loading'>, [string, string, string]> = {
  empty: ['var(--tessera-teal-soft)', 'var(--tessera-mint)', 'var(--tessera-line)'],
  error: ['var(--tessera-ochre-soft)', 'var(--tessera-coral)', 'var(--tessera-line)'],
  notFound: ['var(--tessera-teal-soft)', 'var(--tessera-ochre)', 'var(--tessera-mint)'],
};

/** A mosaic with one tile missing: something is not where it should be. */
function StatusArt({ tone }: { tone: Exclude<StatusTone, 'loading'> }) {
  const [base, accent, soft] = artColours[tone];
  return (
    <svg className={styles.art} viewBox="0 0 120 84" aria-hidden="true" focusable="false">
      <rect x="10" y="6" width="30" height="22" rx="4" fill={base} />
      <rect x="45" y="6" width="30" height="22" rx="4" fill={accent} />
      <rect x="80" y="6" width="30" height="22" rx="4" fill={base} />
      <rect x="10" y="33" width="30" height="22" rx="4" fill={soft} />
      <rect x="45.5" y="33.5" width="29" height="21" rx="4" fill="none" stroke={accent} strokeDasharray="4 3" />
      <rect x="80" y="33" width="30" height="22" rx="4" fill={base} />
      <rect x="10" y="60" width="30" height="22" rx="4" fill={base} />
      <rect x="45" y="60" width="30" height="22" rx="4" fill={soft} />
      <rect x="80" y="60" width="30" height="22" rx="4" fill={accent} opacity="0.6" />
    </svg>
  );
}
