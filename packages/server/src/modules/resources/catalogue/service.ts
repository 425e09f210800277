// The catalogues around resources: types (DOMAIN §2.8; the domain's data plus the custom sub-types
// that resources use), attributes, the tag catalogue (§2.9) and the market categories. Counts and
// custom sub-types come from the resources table; everything else is platform data.
import {
  COLLECTION_TYPE_CODE,
  ResourceSubjectType,
  childTypeEntries,
  RESOURCE_ATTRIBUTES,
  RESOURCE_TYPE_CATALOGUE,
  RESOURCE_TYPE_GROUPS,
  resourceAttribute,
  resourceTypeEntry,
  resolveResourceType,
  typeCodeWithDescendants,
  typeEntryChain,
  type ResourceAttribute,
  type ResourceTypeEntry,
} from '@tessera/domain';
import type {
  AttributeWire,
  AvailableTagsQuery,
  OperationCategoryQuery,
  OperationGroupWire,
  TagWire,
  TypeByParentQuery,
  TypeCodeOrNameQuery,
  TypeGroupQuery,
  TypeNodeWire,
  TypeTreeNode,
} from '@tessera/contract/catalogue';
import { OPERATION_CATEGORY_GROUPS, operationCategoriesOf } from './operation-categories';
import { isTruthyFlag } from '../../../platform/projection';
import type { CategoryCondition, ResourceRepo, TagRow } from '../repo';

export const TagAuthority = { Public: 1, Hidden: 2, AdminOnly: 3 } as const;
export const TagRange = { Only: 1, AllBut: 2, All: 3 } as const;

const CUSTOM_TYPES_LIMIT = 200;
const RECENT_TYPES = 10;
/** How many of the caller's newest resources are read to find their last distinct types. */
const RECENT_TYPES_SCAN = 200;
const NO_COUNTS: ReadonlyMap<string, number> = new Map();

export function attributeWire(attribute: ResourceAttribute): AttributeWire {
  return {
    key: attribute.key,
    name: attribute.names.zh_CN,
    nameEn: attribute.names.en_US,
    valueType: attribute.valueType,
    ...(attribute.min === undefined ? {} : { min: attribute.min }),
    ...(attribute.max === undefined ? {} : { max: attribute.max }),
  };
}

type CustomType = { resourceTypeCode: string; customTypeName: string; count: number };

type NodeFilter = { status?: number; supportCreateBatch?: number; subjectType?: number };

function isCollectionType(code: string): boolean {
  return typeEntryChain(code)[0]?.code === COLLECTION_TYPE_CODE;
}

function contains(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase());
}

function passes(node: TypeNodeWire, filter: NodeFilter): boolean {
  if (filter.status !== undefined && node.status !== filter.status) return false;
  if (
    filter.supportCreateBatch !== undefined &&
    node.resourceConfig.supportCreateBatch !== (filter.supportCreateBatch === 2 ? 1 : 0)
  )
    return false;
  if (filter.subjectType === ResourceSubjectType.Ordinary && node.subjectType.includes(ResourceSubjectType.Collection))
    return false;
  if (
    filter.subjectType === ResourceSubjectType.Collection &&
    !node.subjectType.includes(ResourceSubjectType.Collection)
  )
    return false;
  return true;
}

export class TypeCatalogue {
  readonly #repo: ResourceRepo;

  constructor(repo: ResourceRepo) {
    this.#repo = repo;
  }

  // ── nodes ──

  #catalogueNode(entry: ResourceTypeEntry, counts: ReadonlyMap<string, number>): TypeNodeWire {
    const chain = typeEntryChain(entry.code);
    const group = RESOURCE_TYPE_GROUPS.find((item) => item.code === entry.groupCode);
    const resourceType = resolveResourceType(entry.code)?.resourceType ?? [entry.code];
    return {
      code: entry.code,
      name: entry.names.zh_CN,
      nameEn: entry.names.en_US,
      parentCode: entry.parentCode,
      level: entry.level,
      category: 1,
      groupCode: entry.groupCode,
      groupName: group?.names.zh_CN ?? '',
      groupNameEn: group?.names.en_US ?? '',
      resourceType,
      nameChain: chain.map((item) => item.names.zh_CN).join('/'),
      resourceConfig: { ...entry.resourceConfig, formats: [...entry.resourceConfig.formats] },
      attrs: entry.attrs
        .map((key) => resourceAttribute(key))
        .filter((item): item is ResourceAttribute => item !== undefined)
        .map(attributeWire),
      status: entry.status,
      sortNo: entry.sortNo,
      resourceCount: typeCodeWithDescendants(entry.code).reduce((sum, code) => sum + (counts.get(code) ?? 0), 0),
      isTerminate: !childTypeEntries(entry.code).some((child) => child.status === 1),
      subjectType: [isCollectionType(entry.code) ? ResourceSubjectType.Collection : ResourceSubjectType.Ordinary],
    };
  }

  #customNode(custom: CustomType): TypeNodeWire | null {
    const parent = resourceTypeEntry(custom.resourceTypeCode);
    const resolved = resolveResourceType(custom.resourceTypeCode, custom.customTypeName);
    if (!parent || !resolved) return null;
    const parentNode = this.#catalogueNode(parent, NO_COUNTS);
    return {
      ...parentNode,
      code: '',
      name: custom.customTypeName,
      nameEn: custom.customTypeName,
      parentCode: parent.code,
      level: resolved.resourceType.length,
      category: 2,
      resourceType: resolved.resourceType,
      nameChain: `${parentNode.nameChain}/${custom.customTypeName}`,
      sortNo: 0,
      resourceCount: custom.count,
      isTerminate: true,
    };
  }

  async #customTypes(userId: number | undefined): Promise<CustomType[]> {
    return this.#repo.customTypes(userId, CUSTOM_TYPES_LIMIT);
  }

  // ── type calls ──

  /** The catalogue as a forest of level-1 entries (and, per `category`/`isMine`, the custom sub-types). */
  async listByGroup(query: TypeGroupQuery, callerId: number | null): Promise<TypeTreeNode[]> {
    const isMine = isTruthyFlag(query.isMine);
    const wantsCustom = query.category === 2 || (query.category === undefined && isMine);
    const customs =
      wantsCustom && !(isMine && callerId === null)
        ? await this.#customTypes(isMine ? (callerId ?? undefined) : undefined)
        : [];
    const counts = await this.#repo.onlineCountsByTypeCode();
    const filter: NodeFilter = {
      status: query.status,
      supportCreateBatch: query.supportCreateBatch,
      subjectType: query.subjectType,
    };
    const search = query.codeOrName?.trim() ?? '';
    const matchesSearch = (node: TypeNodeWire): boolean =>
      search === '' ||
      node.code.toLowerCase() === search.toLowerCase() ||
      contains(node.name, search) ||
      contains(node.nameEn, search);

    const catalogueNodes = RESOURCE_TYPE_CATALOGUE.map((entry) => this.#catalogueNode(entry, counts));
    const customNodes = customs
      .map((custom) => this.#customNode(custom))
      .filter((node): node is TypeNodeWire => node !== null);
    const chosen = new Set<TypeNodeWire>();
    const byCode = new Map(catalogueNodes.map((node) => [node.code, node]));
    // A node is chosen when it passes the filters and it, or an entry above it, matches the search.
    const underSearchMatch = (node: TypeNodeWire): boolean => {
      for (let current: TypeNodeWire | undefined = node; current; current = byCode.get(current.parentCode))
        if (matchesSearch(current)) return true;
      return false;
    };
    const candidates = query.category === 2 ? customNodes : [...catalogueNodes, ...customNodes];
    for (const node of candidates) if (passes(node, filter) && underSearchMatch(node)) chosen.add(node);

    // A node stays when it is chosen or something below it is; custom entries have nothing below.
    const build = (node: TypeNodeWire): TypeTreeNode | null => {
      const below =
        node.category === 1
          ? [...catalogueNodes, ...customNodes].filter((child) => child.parentCode === node.code)
          : [];
      const children = below.map(build).filter((child): child is TypeTreeNode => child !== null);
      return chosen.has(node) || children.length > 0 ? { ...node, children } : null;
    };
    return catalogueNodes
      .filter((node) => node.level === 1)
      .map(build)
      .filter((node): node is TypeTreeNode => node !== null);
  }

  /** A flat list: everything, or the parent and everything below it. */
  async listByParentCode(query: TypeByParentQuery): Promise<TypeNodeWire[]> {
    const parentCode = query.parentCode?.trim() ?? '';
    const inScope = parentCode === '' ? null : new Set(typeCodeWithDescendants(parentCode));
    if (inScope && isTruthyFlag(query.excludeParentCode)) inScope.delete(parentCode);
    const counts = await this.#repo.onlineCountsByTypeCode();
    const catalogueNodes =
      query.category === 2
        ? []
        : RESOURCE_TYPE_CATALOGUE.filter((entry) => !inScope || inScope.has(entry.code)).map((entry) =>
            this.#catalogueNode(entry, counts),
          );
    const customNodes =
      query.category === 1
        ? []
        : (await this.#customTypes(undefined))
            .filter(
              (custom) => parentCode === '' || typeCodeWithDescendants(parentCode).includes(custom.resourceTypeCode),
            )
            .map((custom) => this.#customNode(custom))
            .filter((node): node is TypeNodeWire => node !== null);
    const filter: NodeFilter = {
      status: query.status,
      supportCreateBatch: query.supportCreateBatch,
      subjectType: query.subjectType,
    };
    const name = query.name?.trim() ?? '';
    const nameChain = query.nameChain?.trim() ?? '';
    return [...catalogueNodes, ...customNodes].filter(
      (node) =>
        passes(node, filter) &&
        (name === '' || contains(node.name, name) || contains(node.nameEn, name)) &&
        (nameChain === '' || contains(node.nameChain, nameChain)) &&
        (query.isTerminate !== 'true' && query.isTerminate !== '1' ? true : node.isTerminate),
    );
  }

  async infoByCode(code: string): Promise<TypeNodeWire | null> {
    const entry = resourceTypeEntry(code.trim());
    return entry ? this.#catalogueNode(entry, await this.#repo.onlineCountsByTypeCode()) : null;
  }

  /** By code; else the first entry named so in either language (any case). */
  async infoByCodeOrName(query: TypeCodeOrNameQuery): Promise<TypeNodeWire | null> {
    if (query.code) return this.infoByCode(query.code);
    const name = query.name?.trim().toLowerCase() ?? '';
    if (name === '') return null;
    const entry = RESOURCE_TYPE_CATALOGUE.find(
      (item) => item.names.zh_CN.toLowerCase() === name || item.names.en_US.toLowerCase() === name,
    );
    return entry ? this.infoByCode(entry.code) : null;
  }

  /** The caller's last 10 distinct types, newest first (custom sub-types as category 2 entries). */
  async recentlyUsed(userId: number): Promise<TypeNodeWire[]> {
    const rows = await this.#repo.recentTypes(userId, RECENT_TYPES_SCAN);
    const counts = await this.#repo.onlineCountsByTypeCode();
    const seen = new Set<string>();
    const nodes: TypeNodeWire[] = [];
    for (const row of rows) {
      if (nodes.length >= RECENT_TYPES || seen.has(row.resourceType)) continue;
      seen.add(row.resourceType);
      const entry = resourceTypeEntry(row.resourceTypeCode);
      const node = row.customTypeName
        ? this.#customNode({ resourceTypeCode: row.resourceTypeCode, customTypeName: row.customTypeName, count: 0 })
        : entry
          ? this.#catalogueNode(entry, counts)
          : null;
      if (node) nodes.push(node);
    }
    return nodes;
  }

  // ── attributes ──

  attributes(): AttributeWire[] {
    return RESOURCE_ATTRIBUTES.map(attributeWire);
  }

  attribute(key: string): AttributeWire | null {
    const attribute = resourceAttribute(key.trim());
    return attribute ? attributeWire(attribute) : null;
  }

  attributesOfType(code: string): AttributeWire[] {
    const entry = resourceTypeEntry(code.trim());
    return entry ? this.#catalogueNode(entry, NO_COUNTS).attrs : [];
  }

  // ── tags ──

  /** Public tags offered for a type (and its sub-types); all public tags without a type. */
  async availableTags(query: AvailableTagsQuery): Promise<TagWire[]> {
    const code = (query.resourceTypeCode ?? query.resourceType ?? '').trim();
    const chain = new Set(typeEntryChain(code).map((entry) => entry.code));
    const inRange = (tag: TagRow): boolean => {
      if (code === '' || tag.resourceRangeType === TagRange.All) return true;
      const listed = (JSON.parse(tag.resourceRange) as string[]).some((item) => chain.has(item));
      return tag.resourceRangeType === TagRange.Only ? listed : !listed;
    };
    const tags = await this.#repo.listTags();
    return tags
      .filter((tag) => tag.authority === TagAuthority.Public && inRange(tag))
      .map((tag) => ({ tagId: tag.tagId, tagName: tag.tagName, tagType: tag.tagType }));
  }

  /** Tags that only administrators may attach. */
  async adminOnlyTags(): Promise<Set<string>> {
    const tags = await this.#repo.listTags();
    return new Set(tags.filter((tag) => tag.authority === TagAuthority.AdminOnly).map((tag) => tag.tagName));
  }

  // ── market categories ──

  operationCategories(query: OperationCategoryQuery): OperationGroupWire[] {
    if (query.status === 0) return [];
    const name = query.name?.trim() ?? '';
    const named = (names: { zh_CN: string; en_US: string }): boolean =>
      name === '' || contains(names.zh_CN, name) || contains(names.en_US, name);
    return OPERATION_CATEGORY_GROUPS.flatMap((group, groupIndex) => {
      const children = group.children
        .filter((child) => named(group.names) || named(child.names))
        .map((child, index) => ({
          code: child.code,
          name: child.names.zh_CN,
          nameEn: child.names.en_US,
          status: 1,
          sortNo: index + 1,
          parentCode: group.code,
          resourceTypeCodes: [...child.resourceTypeCodes],
          tags: [...child.tags],
        }));
      if (children.length === 0 && !named(group.names)) return [];
      return [
        {
          code: group.code,
          name: group.names.zh_CN,
          nameEn: group.names.en_US,
          status: 1,
          sortNo: groupIndex + 1,
          children,
        },
      ];
    });
  }

  /** The market filter of a category or group; none match an unknown code. */
  categoryConditions(code: string): CategoryCondition[] {
    return operationCategoriesOf(code).map((category) => ({
      typeCodes: category.resourceTypeCodes.flatMap((typeCode) => typeCodeWithDescendants(typeCode)),
      tags: category.tags,
    }));
  }
}
