// A dedicated worker hashing one large file, so that the page keeps responding meanwhile.
// The page terminates the worker to cancel.
import { digestInSlices } from './file-digest';
import type { WorkerReply, WorkerRequest } from './worker-messages';

const reply = (message: WorkerReply) => self.postMessage(message);

self.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const { blob, chunkBytes } = event.data;
  digestInSlices(blob, { chunkBytes, onProgress: (hashedBytes) => reply({ type: 'progress', hashedBytes }) }).then(
    (sha1) => reply({ type: 'done', sha1 }),
    (failure: unknown) =>
      reply({ type: 'error', message: failure instanceof Error ? failure.message : String(failure) }),
  );
});
