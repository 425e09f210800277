import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';
export type ButtonSize = 'middle' | 'large';

/** Class names of Tessera's own buttons, for <button> and for links that look like buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'middle'): string {
  return [styles.button, styles[variant], size === 'large' ? styles.large : ''].filter(Boolean).join(' ');
}
