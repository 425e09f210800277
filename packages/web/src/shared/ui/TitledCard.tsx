import { useId, type ReactNode } from 'react';

export interface TitledCardContent {
  title: string;
  testId: string;
  children: ReactNode;
}

/** A card section named by its heading (aria-labelledby); the caller's stylesheet draws the card and the heading. */
export function TitledCard({
  title,
  testId,
  className,
  headingClassName,
  children,
}: TitledCardContent & { className?: string; headingClassName?: string }) {
  const headingId = useId();
  return (
    <section className={className} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
