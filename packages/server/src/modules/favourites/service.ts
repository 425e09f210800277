// Favourites (DOMAIN §2.10): a user collects resources they can see, their own included. Collecting
// twice or removing what is not collected changes nothing. Resource details come from the resources
// module when read, so a list shows each resource as it is now.
import { ErrCode, isHex24, type Language, type Page } from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import { AppError, badParam } from '../../platform/errors';
import type { ResourceQueries, ResourceSummary } from '../resources';
import type { FavouriteRepo, FavouriteRow } from './repo';
import type { FavouriteListQuery, FavouriteWire } from '@tessera/contract/favourites';

export type FavouriteResources = Pick<ResourceQueries, 'visibleSummary' | 'summaries' | 'idsMatching'>;

const MAX_IDS_PER_CALL = 100;

function resourceIdParam(resourceId: string): string {
  if (!isHex24(resourceId)) throw badParam('resourceId', 'pattern', 'resources.param.resourceId');
  return resourceId;
}

function favouriteWire(favourite: FavouriteRow, resource: ResourceSummary): FavouriteWire {
  return {
    resourceId: resource.resourceId,
    resourceName: resource.resourceName,
    resourceTitle: resource.resourceTitle,
    resourceType: resource.resourceType,
    resourceTypeCode: resource.resourceTypeCode,
    coverImages: resource.coverImages,
    authorId: resource.userId,
    authorName: resource.username,
    userId: favourite.userId,
    resourceStatus: resource.status,
    latestVersion: resource.latestVersion,
    resourceUpdateDate: resource.updateDate,
    createDate: favourite.createDate,
  };
}

export class FavouriteService {
  readonly #repo: FavouriteRepo;
  readonly #resources: FavouriteResources;
  readonly #clock: Clock;

  constructor({ repo, resources, clock }: { repo: FavouriteRepo; resources: FavouriteResources; clock: Clock }) {
    this.#repo = repo;
    this.#resources = resources;
    this.#clock = clock;
  }

  async add(userId: number, resourceId: string, language: Language): Promise<FavouriteWire> {
    const resource = await this.#resources.visibleSummary({ language, readerId: userId }, resourceIdParam(resourceId));
    if (!resource) throw new AppError(ErrCode.Business, 'resources.notFound');
    await this.#repo.insertIfMissing({ userId, resourceId, createDate: this.#clock.now().toISOString() });
    return favouriteWire((await this.#repo.find(userId, resourceId)) as FavouriteRow, resource);
  }

  async remove(userId: number, resourceId: string): Promise<true> {
    await this.#repo.delete(userId, resourceIdParam(resourceId));
    return true;
  }

  /** The caller's favourites, newest first; the filters look at the resources as they are now. */
  async list(userId: number, query: FavouriteListQuery, language: Language): Promise<Page<FavouriteWire>> {
    const { skip, limit, ...filter } = query;
    const filtered = Object.values(filter).some((value) => value !== undefined && value !== '');
    let totalItem: number;
    let rows: FavouriteRow[];
    if (filtered) {
      const all = await this.#repo.listOfUser(userId);
      const matching = await this.#resources.idsMatching(
        all.map((row) => row.resourceId),
        filter,
      );
      const kept = all.filter((row) => matching.has(row.resourceId));
      totalItem = kept.length;
      rows = kept.slice(skip, skip + limit);
    } else {
      ({ totalItem, rows } = await this.#repo.pageOfUser(userId, skip, limit));
    }
    const resources = await this.#resources.summaries(
      { language, readerId: userId },
      rows.map((row) => row.resourceId),
    );
    const dataList = rows.flatMap((row) => {
      const resource = resources.get(row.resourceId);
      return resource ? [favouriteWire(row, resource)] : [];
    });
    return { skip, limit, totalItem, dataList };
  }

  /** For each id, whether the caller collected it (a visitor: never). */
  async isCollected(
    callerId: number | null,
    resourceIdsCsv: string,
  ): Promise<{ resourceId: string; isCollected: boolean }[]> {
    const ids = [
      ...new Set(
        resourceIdsCsv
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== ''),
      ),
    ];
    if (ids.length > MAX_IDS_PER_CALL)
      throw badParam('resourceIds', 'maxItems', 'errors.param.maxItems', { limit: MAX_IDS_PER_CALL });
    if (!ids.every((id) => isHex24(id))) throw badParam('resourceIds', 'pattern', 'resources.param.resourceIds');
    const collected = callerId === null ? new Set<string>() : await this.#repo.collectedAmong(callerId, ids);
    return ids.map((resourceId) => ({ resourceId, isCollected: collected.has(resourceId) }));
  }

  /** How many users collected the resource. */
  count(resourceId: string): Promise<number> {
    return this.#repo.countFor(resourceIdParam(resourceId));
  }
}
