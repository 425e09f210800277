// Closing the connection of an upload refused before its body was read, so the client stops
// sending. Closing at once loses the answer: the client's further bytes hit a closed socket, whose
// reset can wipe the answer from the client's buffers before it is read. So the close is staged as
// RFC 9112 §9.6 says: answer, close our side, read and drop what still comes for a moment, then close.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';

const LINGER_MS = 2000;

type ClosableSocket = Socket & { destroySoon?: () => void };

export function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('connection', 'close');
  const socket = request.raw.socket as ClosableSocket | null;
  // Node closes a `Connection: close` socket with destroySoon once the answer is written (a
  // simulated request has no such socket).
  if (!socket || typeof socket.destroySoon !== 'function') return;
  socket.destroySoon = () => {
    socket.end();
    request.raw.unpipe();
    request.raw.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
  };
}
