// A small read that many requests make at once (the market's generation, before every kept page) is
// made once for all who ask while it runs... but never with a read that began before they asked: that
// one may miss a write they saw committed. So at most one read runs and one waits; whoever asks while
// one runs gets the next, which starts when the running one ends (issue 15: fifty requests at once each
// paid a PostgreSQL round trip for the same row).

const ignore = () => undefined;

/** `read` shared by the callers that ask while it runs; each gets a read that began after it asked. */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let waiting: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const current = read();
    running = current;
    const done = () => {
      if (running === current) running = undefined;
    };
    current.then(done, done);
    return current;
  };
  return () => {
    if (!running) return start();
    waiting ??= running.then(ignore, ignore).then(() => {
      waiting = undefined;
      return start();
    });
    return waiting;
  };
}
