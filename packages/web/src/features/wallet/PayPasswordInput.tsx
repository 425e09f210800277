import { forwardRef, useId, useState, type AriaAttributes } from 'react';
import { useT } from '../../shared/i18n';
import styles from './PayPasswordInput.module.css';

export const PAY_PASSWORD_LENGTH = 6;

export interface PayPasswordInputProps extends Pick<
  AriaAttributes,
  'aria-describedby' | 'aria-invalid' | 'aria-required' | 'aria-label'
> {
  /** Form.Item gives the id (its label points at it), the value and onChange. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** `new-password` where a password is chosen; the default keeps managers from filling it. */
  autoComplete?: 'off' | 'new-password';
}

/**
 * The 6-digit pay password as six cells. One real password input lies over the cells, so the keyboard,
 * paste, autofill and screen readers all meet an ordinary labelled field (read as "password, 3 of 6
 * digits"); the cells only draw what it holds. Anything but digits is dropped as it is typed.
 */
export const PayPasswordInput = forwardRef<HTMLInputElement, PayPasswordInputProps>(function PayPasswordInput(
  { value = '', onChange, disabled, autoFocus, autoComplete = 'off', 'aria-describedby': describedBy, ...aria },
  ref,
) {
  const t = useT();
  const countId = useId();
  const [focused, setFocused] = useState(false);
  const digits = value.replace(/\D/gu, '').slice(0, PAY_PASSWORD_LENGTH);
  const activeCell = Math.min(digits.length, PAY_PASSWORD_LENGTH - 1);

  return (
    <div className={styles.field} data-disabled={disabled || undefined}>
      <input
        ref={ref}
        {...aria}
        className={styles.input}
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={PAY_PASSWORD_LENGTH}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        disabled={disabled}
        value={digits}
        aria-describedby={[describedBy, countId].filter(Boolean).join(' ')}
        onChange={(event) => onChange?.(event.target.value.replace(/\D/gu, '').slice(0, PAY_PASSWORD_LENGTH))}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        // The caret always stays at the end: a cell cannot be edited out of order.
        onSelect={(event) => {
          const input = event.currentTarget;
          const end = input.value.length;
          if (input.selectionStart !== end || input.selectionEnd !== end) input.setSelectionRange(end, end);
        }}
      />
      <div className={styles.cells} aria-hidden="true">
        {Array.from({ length: PAY_PASSWORD_LENGTH }, (_, index) => (
          <span
            key={index}
            className={styles.cell}
            data-filled={index < digits.length || undefined}
            data-active={(focused && index === activeCell) || undefined}
          />
        ))}
      </div>
      <span id={countId} className="visually-hidden">
        {t('walletPage.password.count', { count: digits.length, total: PAY_PASSWORD_LENGTH })}
      </span>
    </div>
  );
});
