import { useId } from 'react';
import { buttonClass } from './button-class';
import styles from './FilePickButton.module.css';

export interface FilePickButtonProps {
  /** The button's words. */
  label: string;
  /** The file input's accessible name (the field it fills), when the button's words are not enough. */
  name?: string;
  accept?: string;
  disabled?: boolean;
  onPick: (file: File) => void;
}

/**
 * A file input shown as one of our buttons: the browser's own control speaks the browser's language
 * ("Choose File … No file chosen"), not the page's. The field using it shows what was chosen.
 */
export function FilePickButton({ label, name, accept, disabled, onPick }: FilePickButtonProps) {
  const id = useId();
  return (
    <span className={styles.picker}>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-label={name}
        className="visually-hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file may be chosen again
          if (file) onPick(file);
        }}
      />
      <label htmlFor={id} className={`${buttonClass('secondary')} ${disabled ? styles.disabled : ''}`}>
        {label}
      </label>
    </span>
  );
}
