// The type catalogue, attributes, tags and market categories (API.md §3.6, §5.2 getAttrsByCode).
import type {
  AttributeKeyQuery,
  AttributeWire,
  AvailableTagsQuery,
  OperationCategoryQuery,
  OperationGroupWire,
  TagWire,
  TypeByParentQuery,
  TypeCodeOrNameQuery,
  TypeCodeQuery,
  TypeGroupQuery,
  TypeNodeWire,
  TypeTreeNode,
} from '../catalogue';
import { endpoint } from '../endpoint';

const TYPES = '/resources/types';

export const catalogueEndpoints = {
  /** The catalogue as a forest of level-1 types with counts (category 2: custom sub-types). */
  typesByGroup: endpoint<{ query: TypeGroupQuery; answer: TypeTreeNode[] }>('GET', `${TYPES}/listSimpleByGroup`),
  typesByParent: endpoint<{ query: TypeByParentQuery; answer: TypeNodeWire[] }>(
    'GET',
    `${TYPES}/listSimpleByParentCode`,
  ),
  typeByCode: endpoint<{ query: TypeCodeQuery; answer: TypeNodeWire | null }>('GET', `${TYPES}/getInfoByCode`),
  typeByCodeOrName: endpoint<{ query: TypeCodeOrNameQuery; answer: TypeNodeWire | null }>(
    'GET',
    `${TYPES}/getInfoByCodeOrName`,
  ),
  /** The caller's last 10 distinct types, newest first (signed in). */
  recentTypes: endpoint<{ answer: TypeNodeWire[] }>('GET', `${TYPES}/listSimple4Recently`),
  attributesOfType: endpoint<{ query: TypeCodeQuery; answer: AttributeWire[] }>('GET', `${TYPES}/getAttrsByCode`),
  attributes: endpoint<{ answer: AttributeWire[] }>('GET', '/resources/attrs/listSimple'),
  attribute: endpoint<{ query: AttributeKeyQuery; answer: AttributeWire | null }>(
    'GET',
    '/resources/attrs/getInfoByKey',
  ),
  availableTags: endpoint<{ query: AvailableTagsQuery; answer: TagWire[] }>('GET', '/resources/tags/availableTags'),
  /** Market categories in groups (the market's operationCategoryCode filter). */
  operationCategories: endpoint<{ query: OperationCategoryQuery; answer: OperationGroupWire[] }>(
    'GET',
    '/resources/operation-categories/listSimpleByGroup',
  ),
};
