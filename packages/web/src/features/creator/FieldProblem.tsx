import styles from './creator.module.css';

/** What the server said about one field (errCode 4), shown beside it; nothing when it said nothing. */
export function FieldProblem({ errors, field }: { errors: ReadonlyMap<string, string>; field: string }) {
  const message = errors.get(field);
  return message ? <p className={styles.problem}>{message}</p> : null;
}
