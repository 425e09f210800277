import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../../shared/api';
import { uploadAvatar } from '../account-api';

export type AvatarUpload =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'done'; address: string }
  | { phase: 'cancelled' }
  | { phase: 'failed'; message: string };

/** Sends the avatar with its progress; `cancel()` (or leaving the page) stops it. */
export function useAvatarUpload() {
  const api = useApiClient();
  const [upload, setUpload] = useState<AvatarUpload>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (image: Blob, fileName: string): Promise<boolean> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setUpload({ phase: 'uploading', percent: 0 });
      try {
        const answer = await uploadAvatar(api, image, fileName, {
          signal: current.signal,
          onPercent: (percent) => {
            if (!current.signal.aborted) setUpload({ phase: 'uploading', percent });
          },
        });
        if (answer.errCode === 0 && answer.data) {
          setUpload({ phase: 'done', address: answer.data });
          return true;
        }
        setUpload({ phase: 'failed', message: answer.msg });
      } catch (failure) {
        setUpload(
          current.signal.aborted
            ? { phase: 'cancelled' }
            : { phase: 'failed', message: failure instanceof Error ? failure.message : String(failure) },
        );
      }
      return false;
    },
    [api],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setUpload({ phase: 'idle' }), []);

  return { upload, start, cancel, reset };
}
