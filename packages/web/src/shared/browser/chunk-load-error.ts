// A code chunk that could not be loaded (the network, or a release that replaced the page's files): the
// route's error page tells the person so and offers a reload (SPEC §8), for a page and for a part of one.

export const CHUNK_LOAD_ERROR = 'ChunkLoadError';

export function chunkLoadError(message: string, cause?: unknown): Error {
  const error = new Error(message, { cause });
  error.name = CHUNK_LOAD_ERROR;
  return error;
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === CHUNK_LOAD_ERROR || error.message.includes('CSS_CHUNK_LOAD_FAILED'));
}
