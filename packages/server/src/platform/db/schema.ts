// Row types of every table, as Kysely sees them. Times are ISO 8601 UTC text with milliseconds,
// flags are integers 0/1 (docs/architecture.md). Column names are the wire names.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type SettingsTable = {
  key: string;
  value: string;
};

/** Names of the one-time data loads that have run (demo data), so each runs once per database. */
export type SeedsTable = {
  name: string;
  appliedDate: string;
};

export type I18nTextsTable = {
  key: string;
  zh_CN: string;
  en_US: string;
  /** 1 to translate, 2 to publish, 3 published. */
  status: number;
  createDate: string;
  updateDate: string;
};

export type ActivitiesTable = {
  _id: string;
  title: string;
  titleEn: string;
  cover: string;
  /** 1 draft, 2 paused, 3 published (ActivityPublishState). */
  publishState: number;
  persist: number;
  link: string;
  redirectUrl: string;
  startTime: string;
  limitTime: string;
  sortNo: number;
  createDate: string;
  updateDate: string;
};

export type UsersTable = {
  /** Sequence from 10001. */
  userId: Generated<number>;
  username: string;
  email: string;
  mobile: string;
  userType: number;
  userRole: number;
  /** 0 normal, 1 frozen. */
  status: number;
  headImage: string;
  passwordHash: string;
  createDate: string;
  updateDate: string;
};

export type SessionsTable = {
  /** SHA-256 (hex) of the session id; the id itself is never stored. */
  sessionHash: string;
  userId: number;
  isRemember: number;
  expireDate: string;
  lastSeenDate: string;
  ip: string;
  userAgent: string;
  createDate: string;
};

export type VerificationCodesTable = {
  recordId: string;
  /** Lower-cased e-mail or 11-digit mobile. */
  toAddress: string;
  authCodeType: string;
  /** SHA-256 of the code with its record, address and type; the code itself is never stored. */
  codeHash: string;
  /** 1 sent, 2 sending failed, 3 used, 4 void. */
  status: number;
  failedCount: number;
  expireDate: string;
  /** The IP address that asked for the code (the per-IP sending limit). */
  requestIp: string;
  createDate: string;
  updateDate: string;
};

/** Messages kept by the embedded delivery instead of being sent (all SMS, e-mail without SMTP_URL). */
export type OutboxMessagesTable = {
  recordId: string;
  toAddress: string;
  /** 'email' or 'sms'. */
  channel: string;
  subject: string;
  body: string;
  createDate: string;
};

/** One per user (DOMAIN §2.2); the columns have defaults. latestLoginDate is '' until the first login. */
export type UserDetailsTable = {
  userId: number;
  /** 0 unknown, 1 male, 2 female. */
  sex: Generated<number>;
  birthday: Generated<string>;
  occupation: Generated<string>;
  intro: Generated<string>;
  areaCode: Generated<string>;
  areaName: Generated<string>;
  latestLoginDate: Generated<string>;
  latestLoginIp: Generated<string>;
  /** Why the user is frozen, shown to them; '' when not frozen. */
  reason: Generated<string>;
  /** Internal note of the administrators. */
  remark: Generated<string>;
  inviteCode: Generated<string>;
  inviterUserId: Generated<number>;
  createDate: string;
  updateDate: string;
};

/** Failed logins in the current window of one account, login name or IP address (the login limits). */
export type LoginAttemptsTable = {
  key: string;
  failures: number;
  windowStart: string;
  /** '' when not blocked. */
  blockedUntil: string;
};

/** The uploaded avatar of a user (a user without one gets a generated image). */
export type AvatarsTable = {
  userId: number;
  /** The image as served: 256×256 WebP without metadata. */
  image: Buffer;
  mime: string;
  /** SHA-1 (hex) of `image`; the ETag. */
  sha1: string;
  width: number;
  height: number;
  createDate: string;
  updateDate: string;
};

/** An identity from an OpenID Connect provider; bound to a user or waiting on the /bind page. */
export type ThirdPartyIdentitiesTable = {
  /** hex24; the /bind page carries it. */
  identityId: string;
  /** The provider's key in OIDC_PROVIDERS. */
  thirdPartyType: string;
  /** The provider's `sub` claim. */
  subject: string;
  name: string;
  email: string;
  userId: number | null;
  /** SHA-256 of the browser cookie of the sign-in that met this identity unbound: only that browser may bind it. */
  claimBrowserHash: string;
  /** Until when that browser may bind it ('' when bound). */
  claimExpireDate: string;
  createDate: string;
  updateDate: string;
};

/** An authorization request in flight (10 minutes, single use), bound to the browser that started it. */
export type ThirdPartyAuthorizationsTable = {
  /** The OAuth `state`, random. */
  state: string;
  /** SHA-256 of the browser's httpOnly third-party cookie. */
  browserHash: string;
  thirdPartyType: string;
  /** PKCE (S256). */
  codeVerifier: string;
  nonce: string;
  /** Same-site path to go to after signing in ('' none). */
  goTo: string;
  returnUrl: string;
  /** The signed-in user the identity is to be bound to; null for a sign-in. */
  bindUserId: number | null;
  expireDate: string;
  createDate: string;
};

/** A content-addressed file: bytes stored once, whoever uploads them (DOMAIN §2.23). */
export type FilesTable = {
  sha1: string;
  fileSize: number;
  /** Where the driver keeps the bytes; never shown. */
  storageKey: string;
  /** 0 not analysed, 1 analysing, 2 success, 3 failed. */
  metaAnalyzeStatus: number;
  /** JSON `{fileSize, mime, width?, height?, duration?}`; '{}' until analysed. */
  metaInfo: string;
  analyseError: string;
  /** When the running analysis started (a stale one is taken over); null when none runs. */
  analyseStartDate: string | null;
  /** The name the file was first uploaded with: the extension is the mime fallback. */
  filenameHint: string;
  /** Unreferenced files are removed 24 h after this. */
  lastUploadDate: string;
  createDate: string;
  updateDate: string;
};

/** Who uploaded a file (one row per user and file). */
export type FileUploadsTable = {
  sha1: string;
  userId: number;
  filename: string;
  createDate: string;
};

/** An image published at /images/{sha1}.{ext} (covers; no login, no quota). */
export type PublicImagesTable = {
  sha1: string;
  ext: string;
  mime: string;
  width: number;
  height: number;
  /** The first uploader. */
  userId: number;
  createDate: string;
};

export type BucketsTable = {
  bucketId: string;
  bucketName: string;
  userId: number;
  /** 1 user, 2 system (.UserNodeData). */
  bucketType: number;
  createDate: string;
  updateDate: string;
};

export type ObjectsTable = {
  objectId: string;
  bucketId: string;
  bucketName: string;
  userId: number;
  objectName: string;
  sha1: string;
  /** Copied from the file: quota sums and lists need no join. */
  fileSize: number;
  mime: string;
  /** JSON array of the type path; '[]' for none. */
  resourceType: string;
  resourceTypeCode: string;
  /** JSON objects/arrays as on the wire. */
  systemProperty: string;
  customPropertyDescriptors: string;
  dependencies: string;
  /** The node of a .UserNodeData object; null otherwise. */
  nodeId: number | null;
  createDate: string;
  updateDate: string;
};

/** A resource (DOMAIN §2.5). JSON columns hold the wire arrays. */
export type ResourcesTable = {
  resourceId: string;
  /** `{username}/{name}` as created. */
  resourceName: string;
  /** resourceName lower-cased (unique). */
  resourceNameKey: string;
  resourceTitle: string;
  /** JSON array: the type path. */
  resourceType: string;
  /** Code of the deepest catalogue entry of the path. */
  resourceTypeCode: string;
  /** The custom last entry of the path; '' when the path is all catalogue. */
  customTypeName: string;
  userId: number;
  username: string;
  intro: string;
  /** JSON arrays of strings. */
  coverImages: string;
  tags: string;
  /** 1 ordinary, 4 collection. */
  subjectType: number;
  /** Stored state: 0 unreleased, 1 online, 4 offline (DOMAIN §3.1); the wire shows 2 while frozen. */
  status: number;
  isFrozen: number;
  /** '' before the first version. */
  latestVersion: string;
  /** JSON `[{version, versionId, createDate}]` in creation order (written by the versions module). */
  resourceVersions: string;
  /** JSON `[{resourceId, resourceName}]`, fixed by the first version. */
  baseUpcastResources: string;
  /** Lower-cased name part, title, intro and tags: what market keywords are matched against. */
  searchText: string;
  createDate: string;
  updateDate: string;
};

/** One tag of a resource (the tags filter); the resource row keeps their order. */
export type ResourceTagsTable = {
  resourceId: string;
  tag: string;
};

export type ResourceFreezeRecordsTable = {
  recordId: string;
  resourceId: string;
  /** 0 for the command line. */
  operatorUserId: number;
  /** 1 freeze, 2 unfreeze. */
  type: number;
  reason: string;
  remark: string;
  createDate: string;
};

/** A compiled policy, shared by every subject with the same text (DOMAIN §2.12). */
export type PoliciesTable = {
  /** md5 of the normalised text and subject type. */
  policyId: string;
  /** Normalised text. */
  policyText: string;
  /** 1 resource, 2 exhibit. */
  subjectType: number;
  /** JSON, DOMAIN §4.7. */
  fsmDeclarationInfo: string;
  fsmDescriptionInfo: string;
  isFree: number;
  /** Whoever bound it first. */
  userId: number;
  status: number;
  createDate: string;
};

/** A policy bound to a resource under a name. */
export type ResourcePoliciesTable = {
  resourceId: string;
  policyId: string;
  policyName: string;
  /** policyName lower-cased (unique per resource). */
  policyNameKey: string;
  /** 0 disabled, 1 enabled. */
  status: number;
  /** Binding order. */
  sortNo: number;
  createDate: string;
  updateDate: string;
};

/** DOMAIN §2.9. */
export type TagCatalogueTable = {
  tagId: number;
  tagName: string;
  /** 1 category, 2 operation. */
  tagType: number;
  /** 1 public, 2 hidden, 3 only administrators may attach it. */
  authority: number;
  /** 1 only the listed type codes, 2 all but them, 3 all. */
  resourceRangeType: number;
  /** JSON array of type codes. */
  resourceRange: string;
  createDate: string;
  updateDate: string;
};

/** A collected resource (DOMAIN §2.10). */
export type ResourceFavouritesTable = {
  userId: number;
  resourceId: string;
  createDate: string;
};

/** DOMAIN §2.6; the lists are JSON text. */
export type ResourceVersionsTable = {
  versionId: string;
  resourceId: string;
  userId: number;
  version: string;
  fileSha1: string;
  filename: string;
  description: string;
  /** [{resourceId, resourceName, versionRange}] */
  dependencies: string;
  /** [{resourceId, resourceName}] */
  upcastResources: string;
  /** [{resourceId, resourceName, policyIds}]: the chosen policies; contracts are signed by the contracts module. */
  resolveResources: string;
  customPropertyDescriptors: string;
  systemProperty: string;
  status: number;
  createDate: string;
  updateDate: string;
};

/** DOMAIN §2.7: one per resource. */
export type ResourceVersionDraftsTable = {
  resourceId: string;
  userId: number;
  /** JSON type path. */
  resourceType: string;
  /** JSON from the client. */
  draftData: string;
  createDate: string;
  updateDate: string;
};

export type Database = {
  settings: SettingsTable;
  seeds: SeedsTable;
  i18n_texts: I18nTextsTable;
  activities: ActivitiesTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_details: UserDetailsTable;
  login_attempts: LoginAttemptsTable;
  verification_codes: VerificationCodesTable;
  outbox_messages: OutboxMessagesTable;
  avatars: AvatarsTable;
  third_party_identities: ThirdPartyIdentitiesTable;
  third_party_authorizations: ThirdPartyAuthorizationsTable;
  files: FilesTable;
  file_uploads: FileUploadsTable;
  public_images: PublicImagesTable;
  buckets: BucketsTable;
  objects: ObjectsTable;
  resources: ResourcesTable;
  resource_tags: ResourceTagsTable;
  resource_freeze_records: ResourceFreezeRecordsTable;
  policies: PoliciesTable;
  resource_policies: ResourcePoliciesTable;
  tag_catalogue: TagCatalogueTable;
  resource_favourites: ResourceFavouritesTable;
  resource_versions: ResourceVersionsTable;
  resource_version_drafts: ResourceVersionDraftsTable;
};

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
