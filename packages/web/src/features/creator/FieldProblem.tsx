import styles from './creator.module.css';

/**
 * What is wrong with one field, shown under it as an error: the page's own check while one types
 * (`local`), else what the server said of it (errCode 4); nothing when neither says anything.
 */
export function FieldProblem({
  errors,
  field,
  local,
}: {
  errors: ReadonlyMap<string, string>;
  field: string;
  local?: string | null;
}) {
  const message = local || errors.get(field);
  return message ? (
    <p className={styles.problem} role="alert">
      {message}
    </p>
  ) : null;
}
