import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * The verification code that `send` makes the server write for `address`: the embedded default writes
 * every message to the outbox table of the server's SQLite file instead of sending it. Messages already
 * there (an earlier sign-up code for the same address) are ignored, so a slow server cannot hand the
 * test an old code.
 */
export async function codeSentBy(address: string, send: () => Promise<void>, timeoutMs = 10_000): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dataDir, 'tessera.db'), { readonly: true, fileMustExist: true });
  const to = address.toLowerCase();
  const bodies = () =>
    (
      db.prepare('SELECT body FROM outbox_messages WHERE toAddress = ? ORDER BY rowid').all(to) as { body: string }[]
    ).map((row) => row.body);
  try {
    const before = bodies().length;
    await send();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const sent = bodies().slice(before);
      const code = sent.length > 0 ? /\b(\d{6})\b/.exec(sent[sent.length - 1] ?? '')?.[1] : undefined;
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no new code in the outbox for ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    db.close();
  }
}
