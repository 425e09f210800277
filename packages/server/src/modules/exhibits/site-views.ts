// Exhibits as the node-site runtime names them (API.md §5.2): exhibitId, exhibitName, articleInfo,
// versionInfo. Anyone but the node owner sees the enabled policies only.
import type { ExhibitViewWire } from '@tessera/contract/exhibit-auths';
import { parseFrozen, type FrozenDependencyNode } from './frozen-trees';
import type { PresentablePolicyRow, PresentableRow, PresentableVersionRow } from './repo';
import { versionPropertyOf } from './views';

/** An exhibit of a resource (the runtime's exhibitSubjectType and articleType 1). */
const RESOURCE_SUBJECT = 1;

export type ExhibitViewOptions = { withVersionProperty: boolean; owner: boolean };

export function exhibitView(
  row: PresentableRow,
  bindings: readonly PresentablePolicyRow[],
  version: PresentableVersionRow | undefined,
  { withVersionProperty, owner }: ExhibitViewOptions,
): ExhibitViewWire {
  const view: ExhibitViewWire = {
    exhibitId: row.presentableId,
    exhibitName: row.presentableName,
    exhibitTitle: row.presentableTitle,
    exhibitIntro: row.intro,
    exhibitSubjectType: RESOURCE_SUBJECT,
    tags: JSON.parse(row.tags) as string[],
    coverImages: JSON.parse(row.coverImages) as string[],
    version: row.version,
    onlineStatus: row.onlineStatus,
    nodeId: row.nodeId,
    userId: row.userId,
    policies: bindings
      .filter((binding) => binding.presentableId === row.presentableId && (owner || binding.status === 1))
      .map(({ policyId, policyName, status }) => ({ policyId, policyName, status })),
    articleInfo: {
      articleId: row.resourceId,
      articleName: row.resourceName,
      articleType: RESOURCE_SUBJECT,
      articleOwnerId: row.resourceOwnerId,
      articleOwnerName: row.resourceName.split('/')[0] ?? '',
      resourceType: JSON.parse(row.resourceType) as string[],
    },
    createDate: row.createDate,
    updateDate: row.updateDate,
  };
  if (withVersionProperty && version)
    view.versionInfo = {
      exhibitProperty: versionPropertyOf(version),
      dependencyTree: parseFrozen<FrozenDependencyNode>(version.dependencyTree),
    };
  return view;
}
