import { useEffect, useState, useSyncExternalStore } from 'react';
import { useApiClient } from '../../../shared/api';
import { isActive, UploadQueue, type UploadQueueHooks, type UploadQueueSnapshot } from './upload-queue';

/**
 * The page's upload queue. It lives as long as the page: changing bucket keeps the uploads going,
 * leaving the page cancels them (and the browser asks first when the tab is closed meanwhile).
 */
export function useUploadQueue(hooks: UploadQueueHooks): [UploadQueue, UploadQueueSnapshot] {
  const api = useApiClient();
  const [queue] = useState(() => new UploadQueue(api));
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const busy = snapshot.tasks.some(isActive);

  useEffect(() => queue.connect(hooks));
  useEffect(() => {
    queue.open();
    return () => queue.close();
  }, [queue]);

  useEffect(() => {
    if (!busy) return;
    const holdOn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', holdOn);
    return () => window.removeEventListener('beforeunload', holdOn);
  }, [busy]);

  return [queue, snapshot];
}
