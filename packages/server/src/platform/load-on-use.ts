// Packages that only some set-ups use (PostgreSQL, S3, SMTP) load when first used, not at start: each
// costs a hundred milliseconds or more of the start-up, which the embedded default never needs.
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/** A CommonJS package, loaded on the first call and kept. */
export function loadOnUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(name) as T);
}
