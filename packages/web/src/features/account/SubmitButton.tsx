import type { ReactNode } from 'react';
import { Button } from 'antd';

/**
 * A form's large primary submit button: it spins and refuses a second press while the submission is
 * pending; `disabled` adds another reason to refuse it (nothing changed yet, for instance).
 */
export function SubmitButton({
  pending,
  disabled = false,
  block = false,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  block?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="primary"
      htmlType="submit"
      size="large"
      block={block}
      loading={pending}
      disabled={pending || disabled}
      autoInsertSpace={false}
    >
      {children}
    </Button>
  );
}
