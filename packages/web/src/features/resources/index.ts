// The finding and reading pieces other features use: the resource reads and their cache keys, the
// catalogue and favourite hooks, the cards, sections, version switch and graphs, and the labels.
// The pages themselves load through the router (app/routes.tsx); tests use ./testing.
export {
  latestVersionOf,
  resourceKeys,
  resourceQuery,
  searchResources,
  searchUsers,
  versionQuery,
  type PolicyBinding,
  type RelationNode,
  type Resource,
  type ResourceSearch,
  type ResourceVersion,
} from './resources-api';
export { nameIn, useCatalogue, type Catalogue } from './use-catalogue';
export { useFavourite, type FavouriteState } from './use-favourite';
export { useInfiniteList, type PagedList, type PagedListStatus } from './use-infinite-list';
export { useResourceDetails, useResourceVersion, type DetailsState, type VersionState } from './use-resource-details';
export { signedInUserId } from './signed-in-user';
export { enabledPolicyNames, priceLabels, statusColor, statusKey, typePathLabel } from './resource-labels';
export { FilterChips, type FilterOption } from './FilterChips';
export { PagedListView } from './PagedListView';
export { ResourceCard, ResourceCardGrid, ResourceCover } from './ResourceCard';
export { DependencyArea, RelationArea } from './DependencyArea';
export { VersionSelect } from './VersionSelect';
export { PolicyBindingsManager, type PolicyBindingsChange } from './PolicyBindingsManager';
export { PolicyList, StatusBanner, VersionDescription, VersionProperties } from './ResourceSections';
/** The details page's header styles, which the owner's editor header shares. */
export { default as detailsStyles } from './ResourceDetailsPage.module.css';
