// Login passwords, hashed with argon2id (DOMAIN §2.1). The parameters are OWASP's first
// recommended argon2id configuration (Password Storage Cheat Sheet): m = 19 MiB, t = 2, p = 1.
// It costs an attacker 19 MiB of memory per guess, which is what makes GPU and ASIC cracking
// expensive, while one hash takes a few tens of milliseconds on one core of a server, so logins
// stay fast and a burst of them cannot exhaust the machine's memory (19 MiB × concurrent logins).
// Every hash is a PHC string that records its own parameters, so raising them later keeps old
// hashes verifiable.
import { hash, verify, type Options } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which isolated modules cannot import)

export const PASSWORD_HASH_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** A hash of a password nobody knows, made once with the same cost as real ones. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummyHash;
}

/**
 * Whether `password` matches `passwordHash`. Without a hash (no such account, or an account that
 * has no password) a dummy hash is verified instead and the answer is false, so the time taken
 * does not tell whether the account exists.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyPasswordHash(), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
