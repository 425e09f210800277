// Reading an answer from a raw request over a real socket (tests that must not go through app.inject).
import type { ClientRequest, IncomingMessage } from 'node:http';

export type RawAnswer = { status: number; headers: IncomingMessage['headers']; body: string };

/**
 * Reads the answer of a raw request. The server may close the connection while the request is still
 * being written (the client then sees EPIPE or a reset on its writes): only a missing answer fails.
 */
export function answerOf(request: ClientRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', () => undefined);
    request.on('close', () => {
      if (!answered) reject(new Error('the connection closed without an answer'));
    });
  });
}
