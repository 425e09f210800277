// Step 1 of DOMAIN §3.6 for exhibits as subjects (consumers sign, licensee identity 3): the exhibit
// exists and is online, its node exists and is not frozen, the caller does not own the node, the policy
// is an enabled binding of the exhibit, the consumer matches its audiences (§4.3). The exhibits module
// (listed after contracts) describes its exhibits through the `exhibitSubjects` port; without it no
// exhibit exists. The licensor is the exhibit's node, acting through its owner (DOMAIN §2.13, §5.1).
import { DEFAULT_LANGUAGE, SubjectType } from '@tessera/domain';
import type { Db } from '../../platform/db/database';
import type { PortList } from '../../platform/modules';
import type { PolicyCatalog } from '../policies';
import { licenseeMatchesAudiences } from './audiences';
import { fsmOf, refusal, type CheckedSigning, type LicenseeParty, type SubjectRequest } from './resource-subjects';
import type { ContractTerms } from './signing-writer';

/** An exhibit as signing needs it (DOMAIN §2.17): its node, online state and policy bindings. */
export type ExhibitSubject = {
  presentableId: string;
  presentableName: string;
  nodeId: number;
  nodeName: string;
  nodeOwnerId: number;
  nodeOwnerName: string;
  /** onlineStatus 1. */
  isOnline: boolean;
  isNodeFrozen: boolean;
  /** The exhibit's policy bindings; status 1 enabled, 0 disabled. */
  policies: { policyId: string; policyName: string; status: number }[];
};

/** What the exhibits module contributes to the `exhibitSubjects` port. */
export interface ExhibitSubjects {
  /**
   * The exhibits of these ids that exist (an exhibit of a deleted node does not), by id, their node
   * read from the nodes table: a constant number of reads whatever the number of ids.
   */
  exhibitSubjects(presentableIds: readonly string[], db?: Db): Promise<Map<string, ExhibitSubject>>;
}

declare module '../../platform/modules' {
  interface ModulePorts {
    exhibitSubjects: ExhibitSubjects;
  }
}

export type ExhibitSources = {
  exhibits: PortList<ExhibitSubjects>;
  policies: PolicyCatalog;
};

/** The terms of each request of the consumer `licensee` (the caller), in the order asked; throws the first refusal. */
export async function checkExhibitSubjects(
  { exhibits, policies }: ExhibitSources,
  requests: readonly SubjectRequest[],
  licensee: LicenseeParty,
): Promise<CheckedSigning[]> {
  const source = exhibits.optional();
  const subjectIds = [...new Set(requests.map((request) => request.subjectId))];
  const subjects = source ? await source.exhibitSubjects(subjectIds) : new Map<string, ExhibitSubject>();
  const wires = await policies.wiresOf([...new Set(requests.map((request) => request.policyId))], {
    isTranslate: false,
    language: DEFAULT_LANGUAGE,
  });
  const checked: CheckedSigning[] = [];
  for (const request of requests) {
    const subject = subjects.get(request.subjectId);
    if (!subject) throw refusal('exhibitNotFound', request);
    const names = { subjectName: subject.presentableName };
    if (subject.isNodeFrozen) throw refusal('exhibitNodeFrozen', request, names);
    if (!subject.isOnline) throw refusal('exhibitOffline', request, names);
    if (subject.nodeOwnerId === licensee.licenseeOwnerId) throw refusal('ownExhibit', request, names);
    const binding = subject.policies.find((row) => row.policyId === request.policyId);
    const policy = wires.get(request.policyId);
    if (!binding || !policy) throw refusal('exhibitPolicyNotBound', request, names);
    const named = { ...names, policyName: binding.policyName };
    if (binding.status !== 1) throw refusal('exhibitPolicyDisabled', request, named);
    if (!licenseeMatchesAudiences(policy.fsmDeclarationInfo.audiences, licensee))
      throw refusal('exhibitAudienceMismatch', request, named);
    checked.push({ terms: exhibitTerms(subject, binding, licensee), fsm: fsmOf(policy) });
  }
  return checked;
}

/**
 * The node's current name and owner (the port reads them from the nodes table). isDefault is decided
 * when the contract is written (the consumer's first live contract on the exhibit).
 */
function exhibitTerms(
  subject: ExhibitSubject,
  binding: { policyId: string; policyName: string },
  licensee: LicenseeParty,
): ContractTerms {
  return {
    contractName: binding.policyName,
    subjectId: subject.presentableId,
    subjectName: subject.presentableName,
    subjectType: SubjectType.Exhibit,
    licensorId: String(subject.nodeId),
    licensorName: subject.nodeName,
    licensorOwnerId: subject.nodeOwnerId,
    licensorOwnerName: subject.nodeOwnerName,
    licenseeId: licensee.licenseeId,
    licenseeName: licensee.licenseeName,
    licenseeOwnerId: licensee.licenseeOwnerId,
    licenseeOwnerName: licensee.licenseeOwnerName,
    licenseeIdentityType: licensee.licenseeIdentityType,
    policyId: binding.policyId,
    isDefault: 0,
  };
}
