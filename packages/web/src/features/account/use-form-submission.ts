import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { bannerOf, heldFields, markServerFields, type FieldRenames } from '../../shared/api';

export type SubmissionResult<T> = { ok: true; data: T } | { ok: false };

type Call = () => Promise<unknown>;

interface SubmissionOptions {
  /** The page stays after a success (settings sections, dialogs): not busy once the call is done. */
  staysOnPage?: boolean;
  /** Wire field → form field where the server calls a field otherwise. */
  renames?: FieldRenames;
}

/**
 * Runs the calls of a form as a mutation: `pending` while one runs (and after a success, because
 * the page leaves then, unless `staysOnPage`). A refusal that names fields (errCode 4) puts each
 * message under its field; `error`, the banner, keeps what no field shows (the server's msg, the
 * client's message). A new attempt clears the banner, also one the form's own rules stop
 * (`clear` is the form's onFinishFailed).
 */
export function useFormSubmission(form: FormInstance, { staysOnPage = false, renames }: SubmissionOptions = {}) {
  const { mutateAsync, isPending, isSuccess, error, reset } = useMutation<unknown, Error, Call>({
    mutationFn: (call) => call(),
    onError: (failure) => markServerFields(form, failure, renames),
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

  return {
    pending: isPending || (isSuccess && !staysOnPage),
    error: bannerOf(error, heldFields(form, error, renames)),
    run,
    clear: reset,
  };
}
