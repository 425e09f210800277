// Where file bytes live, read from the FILES setting (config.filesUrl):
//   (unset)                  → {dataDir}/files
//   ./some/dir, /abs/dir     → that directory (relative to the working directory)
//   file:///abs/dir          → that directory
//   s3://bucket/prefix?endpoint=http://127.0.0.1:9000&region=us-east-1&forcePathStyle=true
//                            → S3-compatible storage; credentials from the AWS SDK's usual chain
//                              (AWS_ACCESS_KEY_ID…), or accessKeyId + secretAccessKey in the query
//                              for a local server.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../config';

export type S3Location = {
  kind: 's3';
  bucket: string;
  /** '' or a key prefix ending in '/'. */
  prefix: string;
  endpoint?: string;
  region?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

export type FilesLocation = { kind: 'local'; root: string } | S3Location;

const S3_QUERY_KEYS = new Set(['endpoint', 'region', 'forcePathStyle', 'accessKeyId', 'secretAccessKey']);
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Letters, digits and S3's safe punctuation, in non-empty segments without '.' or '..'. */
const PREFIX_SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9!_.*'()-]+$/;
const REGION = /^[a-z0-9-]{1,32}$/;

function problem(message: string): ConfigError {
  return new ConfigError([`FILES ${message}`]);
}

function parseUrl(text: string, complaint = 'is not a valid URL'): URL {
  try {
    return new URL(text);
  } catch {
    throw problem(complaint);
  }
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    throw problem('prefix has a malformed %-escape');
  }
}

function parsePrefix(pathname: string): string {
  const path = decodedPath(pathname).replace(/^\/+/, '').replace(/\/+$/, '');
  if (path === '') return '';
  const segments = path.split('/');
  if (!segments.every((segment) => PREFIX_SEGMENT.test(segment))) {
    throw problem(`prefix '${path}' must be folders of letters, digits and !_.*'()- (no empty, '.' or '..' folders)`);
  }
  return `${path}/`;
}

function parseEndpoint(text: string): string {
  const complaint = 'endpoint must be an http:// or https:// address without credentials';
  const url = parseUrl(text, complaint);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '')
    throw problem(complaint);
  return text;
}

function parseBoolean(name: string, text: string): boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw problem(`${name} must be true or false (got '${text}')`);
}

/** Reads an `s3://bucket/prefix?…` address; every mistake is a ConfigError naming it (never a secret). */
export function parseS3Url(text: string): S3Location {
  const url = parseUrl(text);
  if (url.protocol !== 's3:') throw problem('must start with s3://');
  if (url.username !== '' || url.password !== '') {
    throw problem(
      'must not hold credentials before the bucket; use accessKeyId and secretAccessKey in the query, or the AWS environment variables',
    );
  }
  if (!BUCKET_NAME.test(url.hostname)) {
    throw problem(`bucket '${url.hostname}' must be 3–63 lowercase letters, digits, dots or hyphens`);
  }
  const query = url.searchParams;
  for (const key of query.keys()) {
    if (!S3_QUERY_KEYS.has(key))
      throw problem(`has an unknown parameter '${key}' (known: ${[...S3_QUERY_KEYS].join(', ')})`);
  }
  const endpoint = query.get('endpoint') ?? undefined;
  const region = query.get('region') ?? undefined;
  if (region !== undefined && !REGION.test(region))
    throw problem(`region '${region}' is not a region name such as us-east-1`);
  const forcePathStyle = query.has('forcePathStyle')
    ? parseBoolean('forcePathStyle', query.get('forcePathStyle') ?? '')
    : endpoint !== undefined;
  const accessKeyId = query.get('accessKeyId');
  const secretAccessKey = query.get('secretAccessKey');
  if ((accessKeyId === null) !== (secretAccessKey === null) || accessKeyId === '' || secretAccessKey === '') {
    throw problem('must give both accessKeyId and secretAccessKey, or neither');
  }
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix: parsePrefix(url.pathname),
    ...(endpoint === undefined ? {} : { endpoint: parseEndpoint(endpoint) }),
    ...(region === undefined ? {} : { region }),
    forcePathStyle,
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
}

function parseFileUrl(text: string): string {
  const url = parseUrl(text);
  if (url.hostname !== '' && url.hostname !== 'localhost')
    throw problem(`file:// address must be on this machine (got host '${url.hostname}')`);
  return fileURLToPath(url);
}

/** Where the bytes of files live, from the FILES setting. */
export function parseFilesLocation(
  filesUrl: string | null,
  dataDir: string,
  cwd: string = process.cwd(),
): FilesLocation {
  if (filesUrl === null) return { kind: 'local', root: join(dataDir, 'files') };
  if (/^s3:\/\//i.test(filesUrl)) return parseS3Url(filesUrl);
  if (/^file:\/\//i.test(filesUrl)) return { kind: 'local', root: parseFileUrl(filesUrl) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(filesUrl))
    throw problem('must be a directory, a file:// address or an s3:// address');
  return { kind: 'local', root: resolve(cwd, filesUrl) };
}
