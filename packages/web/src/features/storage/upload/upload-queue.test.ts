import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createApiClient } from '../../../shared/api';
import { gate, type TestServer } from '../../../testing/test-server';
import { startStorageServer, type FakeStorage } from '../testing';
import { UploadQueue, type Phase } from './upload-queue';

const UPLOAD = '/v2/storages/files/upload';

let server: TestServer;
let storage: FakeStorage;
let queue: UploadQueue;
beforeEach(async () => {
  ({ server, storage } = await startStorageServer({ buckets: { photos: [] } }));
  queue = new UploadQueue(
    createApiClient({ baseURL: `${server.origin}/v2`, adapter: 'fetch', translate: (key) => key }),
  );
  queue.open();
});
afterEach(async () => {
  queue.close();
  await server.close();
});

const phases = (): Phase[] => queue.getSnapshot().tasks.map((task) => task.state.phase);
const files = (count: number) =>
  Array.from(
    { length: count },
    (_, index) => new File([`bytes ${index}`], `file-${index}.txt`, { type: 'text/plain' }),
  );

describe('the upload queue', () => {
  it('handles two files at a time and saves every one', async () => {
    const held = gate();
    server.route(UPLOAD, (request) => ({ ...storage.answer(request), after: held.promise }));
    queue.add(files(3), 'photos');
    await waitFor(() => expect(phases()).toEqual(['uploading', 'uploading', 'waiting']));
    held.open();
    await waitFor(() => expect(phases()).toEqual(['done', 'done', 'done']));
    expect(
      storage
        .objects('photos')
        .map((object) => object.objectName)
        .sort(),
    ).toEqual(['file-0.txt', 'file-1.txt', 'file-2.txt']);
  });

  it('cancels what runs and starts nothing more once the page is left', async () => {
    const held = gate();
    server.route(UPLOAD, (request) => ({ ...storage.answer(request), after: held.promise }));
    queue.add(files(3), 'photos');
    await waitFor(() => expect(phases()).toEqual(['uploading', 'uploading', 'waiting']));
    queue.close();
    await waitFor(() => expect(phases()).toEqual(['cancelled', 'cancelled', 'waiting']));
    held.open();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.filter((request) => request.path === UPLOAD)).toHaveLength(2);
    expect(storage.objects('photos')).toHaveLength(0);
  });

  it('refuses a file larger than the space left', async () => {
    queue.connect({ spaceLeft: 3, onSaved: () => undefined });
    queue.add(files(1), 'photos');
    await waitFor(() => expect(phases()).toEqual(['failed']));
    expect(queue.getSnapshot().tasks[0]?.state).toEqual({
      phase: 'failed',
      reason: { key: 'storagePage.upload.error.quota', params: { size: '7 B', left: '3 B' } },
    });
  });
});
