import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { describeFileStoreContract } from './file-store-contract';
import { LOCAL_TEMP_FOLDER, LocalFileStore } from './local-store';

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

async function localHarness() {
  const root = await mkdtemp(join(tmpdir(), 'tessera-files-'));
  const tempFolder = join(root, LOCAL_TEMP_FOLDER);
  let planted = 0;
  return {
    root,
    store: new LocalFileStore(root),
    temporaries: () => filesUnder(tempFolder),
    storedFiles: async () => (await filesUnder(root)).filter((path) => !path.startsWith(`${LOCAL_TEMP_FOLDER}/`)),
    async plantTemporary(ageMs: number) {
      const path = join(tempFolder, `crashed-${(planted += 1)}.part`);
      await writeFile(path, 'half an upload');
      const touched = new Date(Date.now() - ageMs);
      await utimes(path, touched, touched);
    },
    foreignKey: `files/${'a'.repeat(40)}`,
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

describeFileStoreContract('local', localHarness, 12 * 1024 * 1024);

describe('local file store layout', () => {
  it('keeps a file at ab/cd/<sha1> under its root', async () => {
    const harness = await localHarness();
    try {
      const stored = await harness.store.write(Readable.from([Buffer.from('layout')]), { maxBytes: 100 });
      const { sha1 } = stored;
      expect(stored.storageKey).toBe(`${sha1.slice(0, 2)}/${sha1.slice(2, 4)}/${sha1}`);
      expect((await stat(join(harness.root, stored.storageKey))).size).toBe(6);
    } finally {
      await harness.dispose();
    }
  });

  it('refuses a key whose folders do not match its SHA-1', async () => {
    const harness = await localHarness();
    try {
      const sha1 = 'ab'.repeat(20);
      await expect(harness.store.exists(`ab/ab/${sha1}`)).resolves.toBe(false);
      await expect(harness.store.exists(`cd/ab/${sha1}`)).rejects.toBeInstanceOf(TypeError);
      await expect(harness.store.exists(`ab/cd/${sha1}`)).rejects.toBeInstanceOf(TypeError);
    } finally {
      await harness.dispose();
    }
  });

  it('sweeps nothing when no write ever ran', async () => {
    const harness = await localHarness();
    try {
      expect(await harness.store.sweepTemporary(0)).toBe(0);
    } finally {
      await harness.dispose();
    }
  });
});
