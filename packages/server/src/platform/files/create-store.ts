// Picks the file-store driver named by the FILES setting (see files-location.ts).
import type { Config } from '../config';
import type { FileStore } from './file-store';
import { parseFilesLocation } from './files-location';
import { LocalFileStore } from './local-store';
import { S3FileStore } from './s3-store';

/** The store for `config.filesUrl`; a malformed address throws ConfigError naming the mistake. */
export function createFileStore(config: Pick<Config, 'filesUrl' | 'dataDir'>, cwd: string = process.cwd()): FileStore {
  const location = parseFilesLocation(config.filesUrl, config.dataDir, cwd);
  return location.kind === 's3' ? new S3FileStore(location) : new LocalFileStore(location.root);
}
