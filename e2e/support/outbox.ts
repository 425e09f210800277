import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * The verification code a person would have received at `address`: the embedded default writes
 * every message to the outbox table of the server's SQLite file instead of sending it.
 */
export async function latestCode(address: string, timeoutMs = 5000): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dataDir, 'tessera.db'), { readonly: true, fileMustExist: true });
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = db
        .prepare('SELECT body FROM outbox_messages WHERE toAddress = ? ORDER BY createDate DESC LIMIT 1')
        .get(address.toLowerCase()) as { body: string } | undefined;
      const code = row ? /\b(\d{6})\b/.exec(row.body)?.[1] : undefined;
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no code in the outbox for ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    db.close();
  }
}
