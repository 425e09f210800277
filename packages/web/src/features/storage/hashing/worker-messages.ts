// What the page and the hashing worker say to each other.

export interface WorkerRequest {
  blob: Blob;
  chunkBytes: number;
}

export type WorkerReply =
  { type: 'progress'; hashedBytes: number } | { type: 'done'; sha1: string } | { type: 'error'; message: string };
