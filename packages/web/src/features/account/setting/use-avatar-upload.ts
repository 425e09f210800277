import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { ApiError, errorMessage, useApiClient } from '../../../shared/api';
import { uploadAvatar } from '../account-api';

interface AvatarFile {
  image: Blob;
  fileName: string;
}

export type AvatarUpload =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'done'; address: string }
  | { phase: 'cancelled' }
  | { phase: 'failed'; message: string };

/**
 * Sends the avatar with its progress; `cancel()` (or leaving the page) stops it. A mutation has no
 * signal of its own, so the upload keeps one to be cancelled by the person.
 */
export function useAvatarUpload() {
  const api = useApiClient();
  const [percent, setPercent] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: ({ image, fileName }: AvatarFile) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setPercent(0);
      return uploadAvatar(api, image, fileName, { signal: current.signal, onPercent: setPercent });
    },
  });
  const { mutateAsync, reset } = mutation;

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    (image: Blob, fileName: string): Promise<boolean> =>
      mutateAsync({ image, fileName }).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );
  const cancel = useCallback(() => controller.current?.abort(), []);

  return { upload: phaseOf(mutation, percent), start, cancel, reset };
}

function phaseOf(mutation: UseMutationResult<string, Error, AvatarFile>, percent: number): AvatarUpload {
  switch (mutation.status) {
    case 'idle':
      return { phase: 'idle' };
    case 'pending':
      return { phase: 'uploading', percent };
    case 'success':
      return { phase: 'done', address: mutation.data };
    case 'error':
      return mutation.error instanceof ApiError && mutation.error.code === 'ERR_CANCELED'
        ? { phase: 'cancelled' }
        : { phase: 'failed', message: errorMessage(mutation.error) };
  }
}
