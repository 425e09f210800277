import { Link } from 'react-router';
import styles from './AccountLinks.module.css';

/** "No account yet? Sign up" — a question and the page that answers it. */
export function AccountLink({ question, label, to }: { question?: string; label: string; to: string }) {
  return (
    <span>
      {question ? `${question} ` : null}
      <Link to={to} className={styles.link}>
        {label}
      </Link>
    </span>
  );
}
