import { useCallback, useState } from 'react';
import type { FormInstance } from 'antd';
import type { ApiEnvelope, FieldError } from '@tessera/domain';

export type SubmissionResult<T> = { ok: true; data: T } | { ok: false };

/**
 * Runs one call of a form: `pending` while it runs (and after a success, because the page leaves
 * then, unless `staysOnPage`), `error` with the answer's msg or the client's message otherwise.
 * Bad parameters (errCode 4) also mark the fields the server named, when the form has them.
 */
export function useFormSubmission(form: FormInstance, { staysOnPage = false }: { staysOnPage?: boolean } = {}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async <T>(call: () => Promise<ApiEnvelope<T>>): Promise<SubmissionResult<T>> => {
      setPending(true);
      setError(null);
      try {
        const answer = await call();
        if (answer.errCode === 0) {
          if (staysOnPage) setPending(false);
          return { ok: true, data: answer.data };
        }
        setError(answer.msg);
        markFields(form, answer);
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
      }
      setPending(false);
      return { ok: false };
    },
    [form, staysOnPage],
  );

  return { pending, error, run, setError };
}

function markFields(form: FormInstance, answer: ApiEnvelope<unknown>): void {
  if (!Array.isArray(answer.data)) return;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = (answer.data as Partial<FieldError>[])
    .filter((item): item is FieldError => typeof item?.field === 'string' && known.has(item.field))
    .map((item) => ({ name: item.field, errors: [item.message] }));
  if (fields.length > 0) form.setFields(fields);
}
