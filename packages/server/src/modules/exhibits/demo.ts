// Demo exhibits (DEMO_DATA): alice's node shows her own resources, one free and one paid, and bob's
// slides and theme through node contracts under bob's free policy, all online, so a newcomer sees a
// real site at once. Written through the services POST /v2/presentables and PUT …/onlineStatus use.
import type { Language } from '@tessera/domain';
import type { NodeQueries } from '../nodes';
import { DEMO_NODE } from '../nodes';
import type { ResourceQueries } from '../resources';
import { DEMO_POLICIES } from '../versions';
import type { ExhibitOnline } from './online';
import type { ExhibitService } from './service';

const LANGUAGE: Language = 'zh_CN';

type DemoExhibit = {
  resourceName: string;
  presentableName: string;
  presentableTitle: string;
  /** The exhibit's policy, offered to the node's visitors. */
  policy: { policyName: string; policyText: string };
  /** The resource's policy (by name) the node contract is signed under. */
  contractPolicyName: string;
};

const FREE_EXHIBIT_POLICY = { policyName: '免费 Free', policyText: DEMO_POLICIES.free.policyText };
const PAY_ONCE_EXHIBIT_POLICY = { policyName: '一次付费 Pay once', policyText: DEMO_POLICIES.payOnce.policyText };

export const DEMO_EXHIBITS: readonly DemoExhibit[] = [
  {
    resourceName: 'alice/space-notes',
    presentableName: 'space-notes',
    presentableTitle: '星际旅行笔记 Space Travel Notes',
    policy: FREE_EXHIBIT_POLICY,
    contractPolicyName: DEMO_POLICIES.free.policyName,
  },
  {
    resourceName: 'alice/morning-mist',
    presentableName: 'morning-mist',
    presentableTitle: '山间晨雾 Morning Mist',
    policy: PAY_ONCE_EXHIBIT_POLICY,
    contractPolicyName: DEMO_POLICIES.free.policyName,
  },
  {
    resourceName: 'bob/intro-slides',
    presentableName: 'intro-slides',
    presentableTitle: '产品介绍幻灯片 Product Slides',
    policy: FREE_EXHIBIT_POLICY,
    contractPolicyName: DEMO_POLICIES.free.policyName,
  },
  {
    resourceName: 'bob/paper-theme',
    presentableName: 'paper-theme',
    presentableTitle: '纸张主题 Paper Theme',
    policy: FREE_EXHIBIT_POLICY,
    contractPolicyName: DEMO_POLICIES.free.policyName,
  },
];

export type DemoExhibitDeps = {
  nodeQueries: Pick<NodeQueries, 'findNodeByDomain'>;
  resourceQueries: Pick<ResourceQueries, 'findByIdOrName' | 'bindingsOf'>;
  exhibits: Pick<ExhibitService, 'create' | 'repo'>;
  exhibitOnline: Pick<ExhibitOnline, 'setOnlineStatus'>;
};

export async function loadDemoExhibits({
  nodeQueries,
  resourceQueries,
  exhibits,
  exhibitOnline,
}: DemoExhibitDeps): Promise<void> {
  const node = await nodeQueries.findNodeByDomain(DEMO_NODE.nodeDomain);
  if (!node) return;
  const userId = node.ownerUserId;
  for (const demo of DEMO_EXHIBITS) {
    const resource = await resourceQueries.findByIdOrName(demo.resourceName);
    if (!resource) continue;
    // A load that failed part-way is run again from the start: what it made stays as it is.
    if (await exhibits.repo.findInNode(node.nodeId, { resourceId: resource.resourceId })) continue;
    const bindings = (await resourceQueries.bindingsOf([resource.resourceId])).get(resource.resourceId) ?? [];
    const contractPolicy = bindings.find((binding) => binding.policyName === demo.contractPolicyName);
    if (!contractPolicy) throw new Error(`demo: ${demo.resourceName} has no policy ${demo.contractPolicyName}`);
    const exhibit = await exhibits.create(
      userId,
      {
        nodeId: node.nodeId,
        resourceId: resource.resourceId,
        version: resource.latestVersion,
        presentableName: demo.presentableName,
        presentableTitle: demo.presentableTitle,
        policies: [{ policyName: demo.policy.policyName, policyText: encodeURIComponent(demo.policy.policyText) }],
        resolveResources: [{ resourceId: resource.resourceId, contracts: [{ policyId: contractPolicy.policyId }] }],
      },
      LANGUAGE,
    );
    await exhibitOnline.setOnlineStatus(userId, exhibit.presentableId, { onlineStatus: 1 }, LANGUAGE);
  }
}
