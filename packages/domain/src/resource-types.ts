// Resource types (SPEC §1, DOMAIN §2.5, §2.8). A type path has 1–3 entries: the first is a level-1
// catalogue code, later ones are catalogue names or custom names (SPEC §5 resource-type rule).
// Deeper catalogue entries are added by administrators and live in the database (issue 5); this
// file knows the ten level-1 types every installation has.
import type { Language } from './constants';
import { isResourceType } from './validation';

export const RESOURCE_TYPE_CODES = [
  'json',
  'widget',
  'image',
  'audio',
  'markdown',
  'theme',
  'reveal_slide',
  'license',
  'video',
  'catalog',
] as const;
export type ResourceTypeCode = (typeof RESOURCE_TYPE_CODES)[number];

export type ResourceTypeNames = Record<Language, string>;

export const LEVEL1_RESOURCE_TYPES: readonly { code: ResourceTypeCode; names: ResourceTypeNames }[] = [
  { code: 'json', names: { zh_CN: 'JSON 数据', en_US: 'JSON' } },
  { code: 'widget', names: { zh_CN: '插件', en_US: 'Widget' } },
  { code: 'image', names: { zh_CN: '图片', en_US: 'Image' } },
  { code: 'audio', names: { zh_CN: '音频', en_US: 'Audio' } },
  { code: 'markdown', names: { zh_CN: 'Markdown 文档', en_US: 'Markdown' } },
  { code: 'theme', names: { zh_CN: '主题', en_US: 'Theme' } },
  { code: 'reveal_slide', names: { zh_CN: '演示文稿', en_US: 'Slides' } },
  { code: 'license', names: { zh_CN: '授权协议', en_US: 'License' } },
  { code: 'video', names: { zh_CN: '视频', en_US: 'Video' } },
  { code: 'catalog', names: { zh_CN: '合集', en_US: 'Catalog' } },
];

/** Entries of a type path: 1 to 3. */
export const RESOURCE_TYPE_MAX_LEVELS = 3;

export function isLevel1ResourceTypeCode(value: unknown): value is ResourceTypeCode {
  return typeof value === 'string' && (RESOURCE_TYPE_CODES as readonly string[]).includes(value);
}

/** The display name of a level-1 type; undefined for any other code. */
export function resourceTypeName(code: string, language: Language): string | undefined {
  return LEVEL1_RESOURCE_TYPES.find((type) => type.code === code)?.names[language];
}

/** A whole type path: 1–3 entries, a level-1 code first, then names per the SPEC §5 type rule. */
export function isResourceTypePath(value: unknown): value is string[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > RESOURCE_TYPE_MAX_LEVELS) return false;
  const [first, ...rest] = value as unknown[];
  return isLevel1ResourceTypeCode(first) && rest.every(isResourceType);
}

/**
 * The type path chosen as a catalogue code plus, optionally, a custom sub-type name:
 * `('image')` → `['image']`, `('image', '插画')` → `['image', '插画']`. Null when the code is not a
 * known type or the name breaks the type rule.
 */
export function buildResourceTypePath(code: string, customName?: string): string[] | null {
  if (!isLevel1ResourceTypeCode(code)) return null;
  if (customName === undefined || customName === '') return [code];
  return isResourceType(customName) ? [code, customName] : null;
}

/** The code of the deepest catalogue entry of a path (only level 1 is catalogued so far); '' for no type. */
export function resourceTypeCodeOf(path: readonly string[]): string {
  return path[0] ?? '';
}

// ── The type catalogue (DOMAIN §2.8) ─────────────────────────────────────────────────────────────
// Level-1 entries are the ten types above; deeper entries are catalogue sub-types (a few are shipped
// as examples). Names of deeper entries are what a type path holds (zh_CN name), so they follow the
// SPEC §5 type rule. Custom sub-types that users type in are not part of the catalogue.

/** `resourceConfig.fileCommitMode` bit flags: how a version's file may be given. */
export const FileCommitMode = { LocalUpload: 1, FromStorage: 2, MarkdownEditor: 4, ComicTool: 8 } as const;

export type ResourceConfig = {
  fileCommitMode: number;
  /** Bytes. */
  fileMaxSize: number;
  /** Allowed file name extensions, lower case without the dot; empty means any. */
  formats: string[];
  supportDownload: 0 | 1;
  supportEdit: 0 | 1;
  supportOptionalConfig: 0 | 1;
  supportCreateBatch: 0 | 1;
};

const MiB = 1024 * 1024;
export const DEFAULT_FILE_MAX_SIZE = 200 * MiB;
export const VIDEO_FILE_MAX_SIZE = 1024 * MiB;

export type AttributeValueType = 'text' | 'int' | 'decimal' | 'date' | 'datetime';

/** An extra read-only property a type offers (DOMAIN §2.8 `attrs`). */
export type ResourceAttribute = {
  key: string;
  names: ResourceTypeNames;
  valueType: AttributeValueType;
  min?: number;
  max?: number;
};

export const RESOURCE_ATTRIBUTES: readonly ResourceAttribute[] = [
  { key: 'author', names: { zh_CN: '作者', en_US: 'Author' }, valueType: 'text' },
  { key: 'language', names: { zh_CN: '语言', en_US: 'Language' }, valueType: 'text' },
  { key: 'publishDate', names: { zh_CN: '首发日期', en_US: 'First published' }, valueType: 'date' },
  { key: 'recordedAt', names: { zh_CN: '录制时间', en_US: 'Recorded at' }, valueType: 'datetime' },
  { key: 'wordCount', names: { zh_CN: '字数', en_US: 'Word count' }, valueType: 'int', min: 0 },
  { key: 'pageCount', names: { zh_CN: '页数', en_US: 'Pages' }, valueType: 'int', min: 1 },
  { key: 'bpm', names: { zh_CN: '节拍（BPM）', en_US: 'Tempo (BPM)' }, valueType: 'int', min: 1, max: 400 },
  { key: 'frameRate', names: { zh_CN: '帧率', en_US: 'Frame rate' }, valueType: 'decimal', min: 1, max: 240 },
];

export function resourceAttribute(key: string): ResourceAttribute | undefined {
  return RESOURCE_ATTRIBUTES.find((attribute) => attribute.key === key);
}

/** Groups of level-1 types, in display order (type pickers show one section per group). */
export const RESOURCE_TYPE_GROUPS: readonly { code: string; names: ResourceTypeNames }[] = [
  { code: 'reading', names: { zh_CN: '阅读', en_US: 'Reading' } },
  { code: 'media', names: { zh_CN: '影音图像', en_US: 'Pictures and media' } },
  { code: 'site', names: { zh_CN: '建站与开发', en_US: 'Sites and development' } },
  { code: 'collection', names: { zh_CN: '合集', en_US: 'Collections' } },
];

export type ResourceTypeEntry = {
  code: string;
  names: ResourceTypeNames;
  /** '' for level 1. */
  parentCode: string;
  level: 1 | 2 | 3;
  /** The group of the level-1 ancestor. */
  groupCode: string;
  /** Inherited from the parent unless the entry says otherwise. */
  resourceConfig: ResourceConfig;
  /** Keys of RESOURCE_ATTRIBUTES. */
  attrs: string[];
  /** 1 visible, 0 hidden. */
  status: 0 | 1;
  sortNo: number;
};

type EntrySource = {
  code: string;
  names: ResourceTypeNames;
  config?: Partial<ResourceConfig>;
  attrs?: string[];
  children?: EntrySource[];
};

const BOTH_WAYS = FileCommitMode.LocalUpload | FileCommitMode.FromStorage;
const BASE_CONFIG: ResourceConfig = {
  fileCommitMode: BOTH_WAYS,
  fileMaxSize: DEFAULT_FILE_MAX_SIZE,
  formats: [],
  supportDownload: 1,
  supportEdit: 0,
  supportOptionalConfig: 0,
  supportCreateBatch: 1,
};

const names = (zh_CN: string, en_US: string): ResourceTypeNames => ({ zh_CN, en_US });
const level1Names = (code: ResourceTypeCode): ResourceTypeNames =>
  (LEVEL1_RESOURCE_TYPES.find((type) => type.code === code) as { names: ResourceTypeNames }).names;

const CATALOGUE_SOURCE: readonly { group: string; entries: EntrySource[] }[] = [
  {
    group: 'reading',
    entries: [
      {
        code: 'markdown',
        names: level1Names('markdown'),
        config: {
          fileCommitMode: BOTH_WAYS | FileCommitMode.MarkdownEditor,
          formats: ['md', 'markdown', 'txt'],
          supportEdit: 1,
        },
        attrs: ['author', 'language', 'wordCount', 'publishDate'],
        children: [
          { code: 'markdown-article', names: names('文章', 'Article') },
          {
            code: 'markdown-novel',
            names: names('小说', 'Novel'),
            children: [{ code: 'markdown-novel-serial', names: names('连载', 'Serial') }],
          },
        ],
      },
      {
        code: 'reveal_slide',
        names: level1Names('reveal_slide'),
        config: {
          fileCommitMode: BOTH_WAYS | FileCommitMode.MarkdownEditor,
          formats: ['md', 'markdown'],
          supportEdit: 1,
          supportOptionalConfig: 1,
        },
        attrs: ['author', 'pageCount'],
      },
      {
        code: 'license',
        names: level1Names('license'),
        config: {
          fileCommitMode: BOTH_WAYS | FileCommitMode.MarkdownEditor,
          formats: ['md', 'markdown', 'txt'],
          supportEdit: 1,
        },
        attrs: ['language'],
      },
    ],
  },
  {
    group: 'media',
    entries: [
      {
        code: 'image',
        names: level1Names('image'),
        config: { formats: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg'] },
        attrs: ['author'],
        children: [
          { code: 'image-illustration', names: names('插画', 'Illustration') },
          { code: 'image-photo', names: names('摄影', 'Photography') },
          {
            code: 'image-comic',
            names: names('漫画', 'Comic'),
            config: {
              fileCommitMode: BOTH_WAYS | FileCommitMode.ComicTool,
              formats: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'zip'],
              supportCreateBatch: 0,
            },
            children: [{ code: 'image-comic-strip', names: names('条漫', 'Webtoon') }],
          },
        ],
      },
      {
        code: 'audio',
        names: level1Names('audio'),
        config: { formats: ['mp3', 'wav', 'ogg', 'm4a', 'flac', 'aac'] },
        attrs: ['author', 'recordedAt'],
        children: [
          { code: 'audio-music', names: names('音乐', 'Music'), attrs: ['author', 'recordedAt', 'bpm'] },
          { code: 'audio-podcast', names: names('播客', 'Podcast') },
        ],
      },
      {
        code: 'video',
        names: level1Names('video'),
        config: { fileMaxSize: VIDEO_FILE_MAX_SIZE, formats: ['mp4', 'webm', 'mov', 'm4v'] },
        attrs: ['author', 'frameRate', 'publishDate'],
        children: [{ code: 'video-short', names: names('短视频', 'Short-video') }],
      },
    ],
  },
  {
    group: 'site',
    entries: [
      {
        code: 'theme',
        names: level1Names('theme'),
        config: { formats: ['zip'], supportDownload: 0, supportOptionalConfig: 1, supportCreateBatch: 0 },
        children: [{ code: 'theme-blog', names: names('博客主题', 'Blog-theme') }],
      },
      {
        code: 'widget',
        names: level1Names('widget'),
        config: { formats: ['zip', 'js'], supportDownload: 0, supportOptionalConfig: 1, supportCreateBatch: 0 },
      },
      { code: 'json', names: level1Names('json'), config: { formats: ['json'], supportOptionalConfig: 1 } },
    ],
  },
  {
    group: 'collection',
    entries: [
      {
        code: 'catalog',
        names: level1Names('catalog'),
        // A collection has items instead of a file (DOMAIN §2.11).
        config: { fileCommitMode: 0, fileMaxSize: 0, supportDownload: 0, supportCreateBatch: 0 },
      },
    ],
  },
];

function flattenCatalogue(): ResourceTypeEntry[] {
  const entries: ResourceTypeEntry[] = [];
  let sortNo = 0;
  const visit = (source: EntrySource, parent: ResourceTypeEntry | null, groupCode: string): void => {
    sortNo += 1;
    const entry: ResourceTypeEntry = {
      code: source.code,
      names: source.names,
      parentCode: parent?.code ?? '',
      level: (parent ? parent.level + 1 : 1) as ResourceTypeEntry['level'],
      groupCode,
      resourceConfig: { ...(parent?.resourceConfig ?? BASE_CONFIG), ...source.config },
      attrs: source.attrs ?? parent?.attrs ?? [],
      status: 1,
      sortNo,
    };
    entries.push(entry);
    for (const child of source.children ?? []) visit(child, entry, groupCode);
  };
  for (const { group, entries: roots } of CATALOGUE_SOURCE) for (const root of roots) visit(root, null, group);
  return entries;
}

/** Every catalogue entry, parents before their children, in display order. */
export const RESOURCE_TYPE_CATALOGUE: readonly ResourceTypeEntry[] = flattenCatalogue();

const ENTRY_BY_CODE = new Map(RESOURCE_TYPE_CATALOGUE.map((entry) => [entry.code, entry]));

export function resourceTypeEntry(code: string): ResourceTypeEntry | undefined {
  return ENTRY_BY_CODE.get(code);
}

export function childTypeEntries(parentCode: string): ResourceTypeEntry[] {
  return RESOURCE_TYPE_CATALOGUE.filter((entry) => entry.parentCode === parentCode);
}

/** The entry and its ancestors, level 1 first. */
export function typeEntryChain(code: string): ResourceTypeEntry[] {
  const chain: ResourceTypeEntry[] = [];
  for (let entry = ENTRY_BY_CODE.get(code); entry; entry = ENTRY_BY_CODE.get(entry.parentCode)) chain.unshift(entry);
  return chain;
}

/** The code and the codes of every entry below it (empty for an unknown code). */
export function typeCodeWithDescendants(code: string): string[] {
  if (!ENTRY_BY_CODE.has(code)) return [];
  const codes = [code];
  for (let index = 0; index < codes.length; index += 1) {
    for (const child of childTypeEntries(codes[index] as string)) codes.push(child.code);
  }
  return codes;
}

/** A resolved type: the path stored on a resource, the deepest catalogue code and the custom name. */
export type ResolvedResourceType = { resourceType: string[]; resourceTypeCode: string; customTypeName: string };

/**
 * A type chosen as a catalogue code (any level) plus, optionally, a custom sub-type name (SPEC §5
 * type rule) one level below it. A custom name that is the name of a catalogue child is that child.
 * Null when the code is unknown or hidden, the name breaks the rule, or the path would pass 3 levels.
 */
export function resolveResourceType(code: string, customName?: string): ResolvedResourceType | null {
  const entry = ENTRY_BY_CODE.get(code);
  if (!entry || entry.status !== 1) return null;
  const chain = typeEntryChain(code);
  const path = chain.map((item, index) => (index === 0 ? item.code : item.names.zh_CN));
  if (customName === undefined || customName === '')
    return { resourceType: path, resourceTypeCode: code, customTypeName: '' };
  const child = childTypeEntries(code).find((item) => item.status === 1 && item.names.zh_CN === customName);
  if (child) return resolveResourceType(child.code);
  if (!isResourceType(customName) || path.length >= RESOURCE_TYPE_MAX_LEVELS) return null;
  return { resourceType: [...path, customName], resourceTypeCode: code, customTypeName: customName };
}

/**
 * The 2022 form: a whole path. Entries after the first are matched against catalogue names (zh_CN
 * or en_US, any case) as far as they go; one last entry may be a custom name.
 */
export function resolveResourceTypePath(path: readonly unknown[]): ResolvedResourceType | null {
  if (!isResourceTypePath(path)) return null;
  const [first, ...rest] = path as string[];
  let code = first as string;
  for (const [index, name] of rest.entries()) {
    const wanted = name.toLowerCase();
    const child = childTypeEntries(code).find(
      (item) =>
        item.status === 1 && (item.names.zh_CN.toLowerCase() === wanted || item.names.en_US.toLowerCase() === wanted),
    );
    if (child) {
      code = child.code;
      continue;
    }
    return index === rest.length - 1 ? resolveResourceType(code, name) : null;
  }
  return resolveResourceType(code);
}
