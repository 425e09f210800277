import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { createFileStore } from './create-store';
import { parseFilesLocation, parseS3Url } from './files-location';
import { LocalFileStore } from './local-store';

const dataDir = '/srv/tessera/data';
const cwd = '/srv/tessera';

function problemOf(filesUrl: string): string {
  try {
    parseFilesLocation(filesUrl, dataDir, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.join('\n');
    throw error;
  }
  throw new Error(`'${filesUrl}' was accepted`);
}

describe('FILES: where file bytes live', () => {
  it('defaults to the files folder of the data directory', () => {
    expect(parseFilesLocation(null, dataDir, cwd)).toEqual({ kind: 'local', root: join(dataDir, 'files') });
  });

  it('takes a directory, relative to the working directory, or a file:// address', () => {
    expect(parseFilesLocation('./blobs', dataDir, cwd)).toEqual({ kind: 'local', root: '/srv/tessera/blobs' });
    expect(parseFilesLocation('/var/lib/tessera/files', dataDir, cwd)).toEqual({
      kind: 'local',
      root: '/var/lib/tessera/files',
    });
    expect(parseFilesLocation('file:///var/lib/tessera%20files', dataDir, cwd)).toEqual({
      kind: 'local',
      root: '/var/lib/tessera files',
    });
    expect(problemOf('file://fileserver/share')).toMatch(/FILES file:\/\/ address must be on this machine/);
    expect(problemOf('ftp://example.com/files')).toMatch(
      /FILES must be a directory, a file:\/\/ address or an s3:\/\/ address/,
    );
  });

  it('reads an s3:// address with its endpoint, region, path style and credentials', () => {
    const url =
      's3://tessera-files/prod/blobs/?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=false&accessKeyId=AK&secretAccessKey=SK';
    expect(parseFilesLocation(url, dataDir, cwd)).toEqual({
      kind: 's3',
      bucket: 'tessera-files',
      prefix: 'prod/blobs/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: false,
      credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' },
    });
  });

  it('leaves region and credentials to the AWS SDK when the address does not give them', () => {
    expect(parseS3Url('s3://tessera.files')).toEqual({
      kind: 's3',
      bucket: 'tessera.files',
      prefix: '',
      forcePathStyle: false,
    });
    // A custom endpoint is almost always a server that wants path-style addresses.
    expect(parseS3Url('s3://bucket/p?endpoint=https://s3.example.com')).toMatchObject({
      prefix: 'p/',
      forcePathStyle: true,
    });
  });

  it('names every mistake in an s3:// address without echoing secrets', () => {
    expect(problemOf('s3://Tessera')).toMatch(/bucket 'Tessera' must be 3–63 lowercase letters/);
    expect(problemOf('s3://ab')).toMatch(/bucket 'ab'/);
    expect(problemOf('s3://bucket?endpoint=ftp://x')).toMatch(/endpoint must be an http:\/\/ or https:\/\/ address/);
    expect(problemOf('s3://bucket?endpoint=http://user:hunter2@x')).not.toContain('hunter2');
    expect(problemOf('s3://bucket?endpoint=not a url')).toMatch(/endpoint must be/);
    expect(problemOf('s3://bucket?forcePathStyle=yes')).toMatch(/forcePathStyle must be true or false/);
    expect(problemOf('s3://bucket?region=Mars%20One')).toMatch(/region 'Mars One'/);
    expect(problemOf('s3://bucket?acessKeyId=x')).toMatch(/unknown parameter 'acessKeyId'/);
    const halfCredentials = problemOf('s3://bucket?accessKeyId=AK&secretAccessKey=');
    expect(halfCredentials).toMatch(/both accessKeyId and secretAccessKey/);
    expect(problemOf('s3://bucket?secretAccessKey=hunter2')).not.toContain('hunter2');
    expect(problemOf('s3://key:hunter2@bucket')).toMatch(/must not hold credentials/);
    expect(problemOf('s3://key:hunter2@bucket')).not.toContain('hunter2');
    expect(problemOf('s3://bucket/a//b')).toMatch(/prefix/);
    expect(problemOf('s3://bucket/a%20b')).toMatch(/prefix 'a b'/);
    expect(problemOf('s3://bucket/a%zz')).toMatch(/malformed %-escape/);
  });

  it('creates the driver the setting names', async () => {
    const local = createFileStore({ filesUrl: null, dataDir }, cwd);
    expect(local).toBeInstanceOf(LocalFileStore);
    expect((local as LocalFileStore).root).toBe(join(dataDir, 'files'));
    const s3 = createFileStore(
      { filesUrl: 's3://bucket?endpoint=http://127.0.0.1:1&accessKeyId=a&secretAccessKey=b', dataDir },
      cwd,
    );
    expect(s3.kind).toBe('s3');
    await s3.close();
    expect(() => createFileStore({ filesUrl: 's3://B', dataDir }, cwd)).toThrow(ConfigError);
  });
});
