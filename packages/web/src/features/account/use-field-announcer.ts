import { useCallback, useState } from 'react';
import type { FormProps } from 'antd';

type FieldsChange = NonNullable<FormProps['onFieldsChange']>;

/**
 * antd shows a field's message under it and links it with aria-describedby, but does not announce
 * it. This follows the fields that just finished validating and gives their first message to a
 * live region; a message is read once, not again on every key that keeps it.
 */
export function useFieldAnnouncer(): { message: string; onFieldsChange: FieldsChange } {
  const [message, setMessage] = useState('');
  const onFieldsChange = useCallback<FieldsChange>((changed) => {
    const settled = changed.filter((field) => !field.validating && field.errors !== undefined);
    if (settled.length === 0) return;
    const first = settled.flatMap((field) => field.errors ?? [])[0];
    setMessage(typeof first === 'string' ? first : '');
  }, []);
  return { message, onFieldsChange };
}
