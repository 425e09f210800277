import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-class';

export interface ButtonLinkProps {
  to: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
  /** The link's accessible name when its text alone does not say where it goes. */
  label?: string;
}

/** A link that looks like a button: navigation stays a link for the keyboard and screen readers. */
export function ButtonLink({ to, variant = 'primary', size = 'middle', children, label }: ButtonLinkProps) {
  return (
    <Link to={to} className={buttonClass(variant, size)} aria-label={label}>
      {children}
    </Link>
  );
}
