import { useEffect, useState } from 'react';
import { useApiClient } from '../../shared/api';
import { listOperationCategories, listTypeGroups, type OperationCategory, type TypeNode } from './resources-api';

export interface Catalogue {
  types: TypeNode[];
  categories: OperationCategory[];
}

/**
 * The type catalogue and the market categories for filters. A failure leaves that filter empty:
 * the list itself still works without it.
 */
export function useCatalogue({ categories = true }: { categories?: boolean } = {}): Catalogue {
  const api = useApiClient();
  const [catalogue, setCatalogue] = useState<Catalogue>({ types: [], categories: [] });
  useEffect(() => {
    const controller = new AbortController();
    const settle =
      <K extends keyof Catalogue>(key: K) =>
      (value: Catalogue[K]) => {
        if (!controller.signal.aborted) setCatalogue((current) => ({ ...current, [key]: value }));
      };
    listTypeGroups(api, controller.signal).then(settle('types'), () => undefined);
    if (categories) listOperationCategories(api, controller.signal).then(settle('categories'), () => undefined);
    return () => controller.abort();
  }, [api, categories]);
  return catalogue;
}

/** A catalogue entry's name in the reader's language. */
export const nameIn = (entry: { name: string; nameEn: string }, language: string): string =>
  language === 'en_US' ? entry.nameEn || entry.name : entry.name;
