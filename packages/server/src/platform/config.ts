// Configuration from environment variables (all optional). Every problem is reported at once,
// before anything starts, so a typo never turns into a half-working server.
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultPostgresHeavyReads, MAX_POSTGRES_HEAVY_READS } from './db/heavy-reads';
import { defaultReaderCount, MAX_SQLITE_READERS } from './db/sqlite-readers';
import { parseUtcOffset } from './time';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type Config = {
  port: number;
  host: string;
  /** Absolute directory of the embedded database file and local files. */
  dataDir: string;
  /** `postgres://…` switches to PostgreSQL; null means the embedded SQLite file. */
  databaseUrl: string | null;
  /** Worker threads reading the embedded file for heavy reads (`SQLITE_READERS`); 0: reads stay on the main thread. */
  sqliteReaders: number;
  /** Heavy reads running at once on PostgreSQL (`POSTGRES_HEAVY_READS`); the others wait their turn. */
  postgresHeavyReads: number;
  /** Load the demo data once (on first start). */
  demoData: boolean;
  logLevel: LogLevel;
  /** Null: a secret is generated once and kept in the settings table (shared by every instance). */
  sessionSecret: string | null;
  /** Absolute directory of the built web app. */
  webDist: string;
  /** Origins allowed to call the API cross-origin with credentials. */
  corsOrigins: string[];
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  /** Offset of the platform time zone from UTC in minutes (Asia/Shanghai: 480). */
  utcOffsetMinutes: number;
  /**
   * The proxies whose X-Forwarded-* headers are believed (addresses, CIDRs, or proxy-addr's names
   * loopback / linklocal / uniquelocal), or false. Never every hop, and no hop count: a client could
   * then name its own address (Fastify 5 refuses hop counts for the same reason).
   */
  trustProxy: TrustProxy;
  /** `smtp://` or `smtps://` server for e-mail; null keeps e-mail in the outbox table. */
  smtpUrl: string | null;
  /** Sender of e-mail sent through SMTP. */
  smtpFrom: string;
  /** OpenID Connect providers for third-party sign-in (`OIDC_PROVIDERS`); none: the feature is off. */
  oidcProviders: OidcProviderConfig[];
  /** Where file bytes live (`FILES`): a directory path, or `s3://bucket/prefix?endpoint=…&region=…`; null: `{dataDir}/files`. */
  filesUrl: string | null;
  /** Bytes of objects a user may keep over all buckets (DOMAIN §3.10). */
  storageQuotaBytes: number;
  /** Largest upload; `video/*` files may reach videoUploadMaxBytes. */
  uploadMaxBytes: number;
  videoUploadMaxBytes: number;
  /**
   * How often this instance looks for contract time events that are due (`TIME_EVENTS_POLL_MS`); 0:
   * it never does (another instance fires them; tests fire them when they choose).
   */
  timeEventsPollMs: number;
  /** Node sites live at `{nodeDomain}.{baseDomain}` (`BASE_DOMAIN`; `*.localhost` resolves to this machine). */
  baseDomain: string;
  /** The port visitors reach this server on (`PUBLIC_PORT`, default PORT): node site addresses carry it. */
  publicPort: number;
  /** Living nodes one user may own (`MAX_NODES_PER_USER`, DOMAIN §8). */
  maxNodesPerUser: number;
  /** Node domains nobody may take (`RESERVED_NODE_DOMAINS`, DOMAIN §8). */
  reservedNodeDomains: string[];
  /** Users who may freeze and unfreeze (`ADMIN_USER_IDS`, DOMAIN §1: the administrators). */
  adminUserIds: number[];
};

/** One OpenID Connect provider, as listed in the `OIDC_PROVIDERS` JSON array. */
export type OidcProviderConfig = {
  /** Our key for the provider (thirdPartyType on the wire), e.g. "testid". */
  type: string;
  /** Shown on the sign-in button. */
  name: string;
  /** Discovery starts at `{issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registered with the provider; default: `{this site}/v2/thirdParty/callback` as the browser reached it. */
  redirectUri?: string;
};

export type Env = Record<string, string | undefined>;

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
export const MIN_SESSION_SECRET_LENGTH = 32;
export const DEFAULT_SMTP_FROM = 'Tessera <no-reply@localhost>';
export const DEFAULT_RESERVED_NODE_DOMAINS: readonly string[] = (
  'www api admin console user users account accounts login logon logout register passport pay wallet ' +
  'node nodes test public system group static assets file files image images cdn mail help docs blog ' +
  'support market search storage activity activities tessera'
).split(' ');

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const TRUE_WORDS = ['1', 'true', 'on', 'yes'];
const FALSE_WORDS = ['0', 'false', 'off', 'no'];
const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** Reads each variable; an empty value counts as unset. Problems are collected, not thrown. */
export type TrustProxy = false | string[];

/** TRUST_PROXY=on: a proxy on this machine or on a private network. */
export const LOCAL_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

const PROXY_ADDRESS = /^(?:[0-9.]+|[0-9a-f:]+)(?:\/\d{1,3})?$/i;

class EnvReader {
  readonly problems: string[] = [];
  readonly #env: Env;

  constructor(env: Env) {
    this.#env = env;
  }

  raw(name: string): string | undefined {
    const value = this.#env[name]?.trim();
    return value === '' ? undefined : value;
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const text = this.raw(name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) {
      return this.problem(name, `must be an integer from ${min} to ${max}`, text, fallback);
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const text = this.raw(name)?.toLowerCase();
    if (text === undefined) return fallback;
    if (TRUE_WORDS.includes(text)) return true;
    if (FALSE_WORDS.includes(text)) return false;
    return this.problem(name, `must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')}`, text, fallback);
  }

  /** off | on (a proxy on this machine or a private network) | a comma list of proxy addresses/CIDRs. */
  trustProxy(name: string): TrustProxy {
    const text = this.raw(name)?.toLowerCase();
    if (text === undefined || FALSE_WORDS.includes(text)) return false;
    if (TRUE_WORDS.includes(text)) return LOCAL_PROXIES;
    const entries = text.split(',').map((part) => part.trim());
    const known = (entry: string) =>
      LOCAL_PROXIES.includes(entry) || (PROXY_ADDRESS.test(entry) && isIP(entry.split('/')[0] ?? '') !== 0);
    if (entries.every(known)) return entries;
    return this.problem(
      name,
      'must be off, on (proxies on this machine or a private network), or a comma list of proxy addresses/CIDRs',
      text,
      false,
    );
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const text = this.raw(name)?.toLowerCase();
    if (text === undefined) return fallback;
    const found = allowed.find((candidate) => candidate === text);
    return found ?? this.problem(name, `must be one of ${allowed.join(', ')}`, text, fallback);
  }

  byteSize(name: string, fallback: number): number {
    const text = this.raw(name);
    if (text === undefined) return fallback;
    const match = /^(\d+)\s*(b|kb|mb|gb)?$/i.exec(text);
    const multiplier = SIZE_UNITS[(match?.[2] ?? '').toLowerCase()];
    if (!match || multiplier === undefined || Number(match[1]) === 0) {
      return this.problem(name, 'must be a positive size in bytes, optionally with KB, MB or GB', text, fallback);
    }
    return Number(match[1]) * multiplier;
  }

  problem<T>(name: string, message: string, got: string, fallback: T): T {
    this.problems.push(`${name} ${message} (got '${got}')`);
    return fallback;
  }
}

function readDatabaseUrl(reader: EnvReader): string | null {
  const url = reader.raw('DATABASE_URL');
  if (url === undefined) return null;
  if (!/^postgres(ql)?:\/\//i.test(url)) {
    return reader.problem(
      'DATABASE_URL',
      'must start with postgres:// or postgresql://',
      url.replace(/:[^:@/]*@/, ':***@'),
      null,
    );
  }
  return url;
}

function readCorsOrigins(reader: EnvReader): string[] {
  const text = reader.raw('CORS_ORIGINS');
  if (text === undefined) return [];
  const origins = text
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of origins) {
    if (origin === '*') {
      reader.problem('CORS_ORIGINS', "must list origins; '*' cannot be used with credentials", origin, null);
    } else if (!isOrigin(origin)) {
      reader.problem('CORS_ORIGINS', 'entries must be origins such as https://app.example.com (no path)', origin, null);
    }
  }
  return origins.filter(isOrigin);
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}

function readSmtpUrl(reader: EnvReader): string | null {
  const url = reader.raw('SMTP_URL');
  if (url === undefined) return null;
  if (!/^smtps?:\/\/[^/]/i.test(url)) {
    return reader.problem(
      'SMTP_URL',
      'must start with smtp:// or smtps:// and name a host',
      url.replace(/:[^:@/]*@/, ':***@'),
      null,
    );
  }
  return url;
}

const PROVIDER_TYPE = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or plain http on this machine only (a local test provider). */
function isProviderUrl(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}

const isText = (value: unknown, maxLength: number): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= maxLength;

/** The problems of one OIDC_PROVIDERS entry, each naming the entry and the field. */
function providerProblems(entry: unknown, index: number, seenTypes: Set<string>): string[] {
  const at = `entry ${index}`;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [`${at} must be an object`];
  const fields = entry as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof fields.type !== 'string' || !PROVIDER_TYPE.test(fields.type))
    problems.push(`${at}: type must be 1–32 letters, digits, '_' or '-', starting with a letter`);
  else if (seenTypes.has(fields.type)) problems.push(`${at}: type '${fields.type}' is listed twice`);
  else seenTypes.add(fields.type);
  if (!isText(fields.name, 64)) problems.push(`${at}: name must be a text of 1–64 characters`);
  if (!isProviderUrl(fields.issuer))
    problems.push(`${at}: issuer must be an https:// URL (http:// only for localhost)`);
  if (!isText(fields.clientId, 512)) problems.push(`${at}: clientId must be a non-empty text`);
  if (!isText(fields.clientSecret, 512)) problems.push(`${at}: clientSecret must be a non-empty text`);
  if (fields.redirectUri !== undefined && !isProviderUrl(fields.redirectUri))
    problems.push(`${at}: redirectUri must be an https:// URL (http:// only for localhost)`);
  return problems;
}

function readOidcProviders(reader: EnvReader): OidcProviderConfig[] {
  const text = reader.raw('OIDC_PROVIDERS');
  if (text === undefined) return [];
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    return reader.problem(
      'OIDC_PROVIDERS',
      'must be a JSON array such as [{"type":"…","name":"…","issuer":"https://…","clientId":"…","clientSecret":"…"}]',
      '…',
      [],
    );
  }
  if (!Array.isArray(entries)) return reader.problem('OIDC_PROVIDERS', 'must be a JSON array of providers', '…', []);
  const seenTypes = new Set<string>();
  const problems = entries.flatMap((entry, index) => providerProblems(entry, index, seenTypes));
  // The value holds client secrets: the problems name fields, never the text.
  if (problems.length > 0) return reader.problem('OIDC_PROVIDERS', problems.join('; '), '…', []);
  return (entries as OidcProviderConfig[]).map(({ type, name, issuer, clientId, clientSecret, redirectUri }) => ({
    type,
    name: name.trim(),
    issuer,
    clientId,
    clientSecret,
    ...(redirectUri === undefined ? {} : { redirectUri }),
  }));
}

function readFilesUrl(reader: EnvReader): string | null {
  const url = reader.raw('FILES');
  if (url === undefined) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !/^(s3|file):\/\//i.test(url)) {
    return reader.problem(
      'FILES',
      'must be a directory or an s3://bucket/prefix?endpoint=…&region=… address',
      url.replace(/:[^:@/]*@/, ':***@'),
      null,
    );
  }
  return url;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function readBaseDomain(reader: EnvReader): string {
  const text = reader.string('BASE_DOMAIN', 'localhost').toLowerCase();
  return HOST_NAME.test(text)
    ? text
    : reader.problem('BASE_DOMAIN', 'must be a host name such as localhost or example.com', text, 'localhost');
}

/** A comma list of words; unset keeps the default list. */
function readWordList(reader: EnvReader, name: string, fallback: readonly string[]): string[] {
  const text = reader.raw(name);
  if (text === undefined) return [...fallback];
  return text
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== '');
}

function readUserIds(reader: EnvReader, name: string): number[] {
  const words = readWordList(reader, name, []);
  const bad = words.filter((word) => !/^[1-9][0-9]{0,9}$/.test(word) || Number(word) > 2_147_483_647);
  if (bad.length > 0) return reader.problem(name, 'must be a comma list of user ids', bad.join(','), []);
  return words.map(Number);
}

function readSessionSecret(reader: EnvReader): string | null {
  const secret = reader.raw('SESSION_SECRET');
  if (secret === undefined) return null;
  if (secret.length < MIN_SESSION_SECRET_LENGTH) {
    return reader.problem('SESSION_SECRET', `must be at least ${MIN_SESSION_SECRET_LENGTH} characters long`, '…', null);
  }
  return secret;
}

function readUtcOffset(reader: EnvReader): number {
  const text = reader.string('PLATFORM_TZ_OFFSET', '+08:00');
  const minutes = parseUtcOffset(text);
  return minutes ?? reader.problem('PLATFORM_TZ_OFFSET', 'must be an offset such as +08:00 or -05:30', text, 480);
}

/** The configuration from `env`; throws ConfigError listing every problem. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const reader = new EnvReader(env);
  const databaseUrl = readDatabaseUrl(reader);
  const config: Config = {
    port: reader.integer('PORT', 8080, 0, 65535),
    host: reader.string('HOST', '127.0.0.1'),
    dataDir: resolve(cwd, reader.string('DATA_DIR', './data')),
    databaseUrl,
    sqliteReaders: reader.integer('SQLITE_READERS', defaultReaderCount(), 0, MAX_SQLITE_READERS),
    postgresHeavyReads: reader.integer(
      'POSTGRES_HEAVY_READS',
      defaultPostgresHeavyReads(),
      1,
      MAX_POSTGRES_HEAVY_READS,
    ),
    // The embedded default is for trying Tessera out, so it comes with demo data; a PostgreSQL
    // deployment is presumed real and starts empty unless asked.
    demoData: reader.boolean('DEMO_DATA', databaseUrl === null),
    logLevel: reader.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    sessionSecret: readSessionSecret(reader),
    webDist: resolve(cwd, reader.string('WEB_DIST', DEFAULT_WEB_DIST)),
    corsOrigins: readCorsOrigins(reader),
    bodyLimit: reader.byteSize('BODY_LIMIT', 1024 * 1024),
    utcOffsetMinutes: readUtcOffset(reader),
    trustProxy: reader.trustProxy('TRUST_PROXY'),
    smtpUrl: readSmtpUrl(reader),
    smtpFrom: reader.string('SMTP_FROM', DEFAULT_SMTP_FROM),
    oidcProviders: readOidcProviders(reader),
    filesUrl: readFilesUrl(reader),
    storageQuotaBytes: reader.byteSize('STORAGE_QUOTA', 5 * 1024 ** 3),
    uploadMaxBytes: reader.byteSize('UPLOAD_MAX_SIZE', 200 * 1024 ** 2),
    videoUploadMaxBytes: reader.byteSize('VIDEO_UPLOAD_MAX_SIZE', 1024 ** 3),
    timeEventsPollMs: reader.integer('TIME_EVENTS_POLL_MS', 5_000, 0, 3_600_000),
    baseDomain: readBaseDomain(reader),
    publicPort: 0,
    maxNodesPerUser: reader.integer('MAX_NODES_PER_USER', 16, 1, 10_000),
    reservedNodeDomains: readWordList(reader, 'RESERVED_NODE_DOMAINS', DEFAULT_RESERVED_NODE_DOMAINS),
    adminUserIds: readUserIds(reader, 'ADMIN_USER_IDS'),
  };
  config.publicPort = reader.integer('PUBLIC_PORT', config.port, 1, 65535);
  if (reader.problems.length > 0) throw new ConfigError(reader.problems);
  return config;
}

/** The defaults, untouched by the environment, with `overrides` applied (used by buildApp and tests). */
export function configWith(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), ...overrides };
}
