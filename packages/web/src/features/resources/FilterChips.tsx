import styles from './FilterChips.module.css';

export interface FilterOption {
  value: string;
  label: string;
  /** How many results the option holds, shown after its label when known. */
  count?: number;
}

export interface FilterChipsProps {
  label: string;
  options: FilterOption[];
  /** '' is "all". */
  value: string;
  allLabel: string;
  onChange: (value: string) => void;
}

/** One filter as a row of toggle buttons: "all" and each option; the chosen one is pressed. */
export function FilterChips({ label, options, value, allLabel, onChange }: FilterChipsProps) {
  const choices: FilterOption[] = [{ value: '', label: allLabel }, ...options];
  return (
    <div role="group" aria-label={label} className={styles.row}>
      <span className={styles.label} aria-hidden="true">
        {label}
      </span>
      <div className={styles.chips}>
        {choices.map((choice) => (
          <button
            key={choice.value || '*'}
            type="button"
            className={styles.chip}
            aria-pressed={choice.value === value}
            onClick={() => onChange(choice.value)}
          >
            {choice.label}
            {choice.count !== undefined ? (
              <>
                {' '}
                <span className={styles.count}>{choice.count}</span>
              </>
            ) : null}
          </button>
        ))}
      </div>
    </div>
  );
}
