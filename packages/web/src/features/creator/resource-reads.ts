import type { QueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../resources';

/** The reads that show a resource: its details and versions, the searches and lists, the favourites. */
const SHOWING_RESOURCES = [resourceKeys.all, resourceKeys.favouriteLists];

/**
 * After a resource or one of its versions changed: every read that shows resources asks again, so
 * the owner's editor, the details page and the lists show the change. The promise settles when the
 * reads on screen have their new answers.
 */
export async function refreshResourceReads(queries: QueryClient): Promise<void> {
  await Promise.all(SHOWING_RESOURCES.map((queryKey) => queries.invalidateQueries({ queryKey })));
}
