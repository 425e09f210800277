// The type catalogue and the market categories the filters offer.
import { useQuery } from '@tanstack/react-query';
import type { OperationGroupWire, TypeTreeNode } from '@tessera/contract/catalogue';
import { useApiClient } from '../../shared/api';
import { operationCategoriesQuery, typeGroupsQuery } from './resources-api';

export interface Catalogue {
  types: TypeTreeNode[];
  categories: OperationGroupWire[];
}

const NONE: never[] = [];

/**
 * The type catalogue and the market categories for filters. A failure leaves that filter empty:
 * the list itself still works without it.
 */
export function useCatalogue({ categories = true }: { categories?: boolean } = {}): Catalogue {
  const api = useApiClient();
  const types = useQuery({ ...typeGroupsQuery(api), retry: false });
  const groups = useQuery({ ...operationCategoriesQuery(api), retry: false, enabled: categories });
  return { types: types.data ?? NONE, categories: (categories && groups.data) || NONE };
}

/** A catalogue entry's name in the reader's language. */
export const nameIn = (entry: { name: string; nameEn: string }, language: string): string =>
  language === 'en_US' ? entry.nameEn || entry.name : entry.name;
