import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { errorMessage, fieldErrorsOf } from '../../shared/api';

export type SubmissionResult<T> = { ok: true; data: T } | { ok: false };

type Call = () => Promise<unknown>;

/**
 * Runs the calls of a form as a mutation: `pending` while one runs (and after a success, because
 * the page leaves then, unless `staysOnPage`), `error` with the message of what it threw (an
 * ApiError's msg, or the client's message). Bad parameters (errCode 4) also mark the fields the
 * server named, when the form has them.
 */
export function useFormSubmission(form: FormInstance, { staysOnPage = false }: { staysOnPage?: boolean } = {}) {
  const { mutateAsync, isPending, isSuccess, error } = useMutation<unknown, Error, Call>({
    mutationFn: (call) => call(),
    onError: (failure) => markFields(form, failure),
  });

  const run = useCallback(
    async <T>(call: () => Promise<T>): Promise<SubmissionResult<T>> => {
      try {
        return { ok: true, data: (await mutateAsync(call)) as T };
      } catch {
        return { ok: false };
      }
    },
    [mutateAsync],
  );

  return { pending: isPending || (isSuccess && !staysOnPage), error: error ? errorMessage(error) : null, run };
}

function markFields(form: FormInstance, failure: unknown): void {
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = [...fieldErrorsOf(failure)]
    .filter(([name]) => known.has(name))
    .map(([name, message]) => ({ name, errors: [message] }));
  if (fields.length > 0) form.setFields(fields);
}
