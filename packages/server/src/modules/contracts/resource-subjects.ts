// Step 1 of DOMAIN §3.6 for resources as subjects: each (resource, policy) asked for is checked — the
// resource exists for the caller, is not the licensee, is unfrozen and online; the policy is an
// enabled binding of it; the licensee matches its audiences (§4.3) — and becomes the terms of its
// contract. Any refusal is errCode 2 naming the subject and policy in `data`.
import type { PolicyWire } from '@tessera/contract/policies';
import { ContractPartyIdentityType, DEFAULT_LANGUAGE, ErrCode, SubjectType, type PolicyFsm } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { PolicyCatalog } from '../policies';
import { isVisibleTo, StoredStatus, type ResourceQueries, type ResourceRow } from '../resources';
import { licenseeMatchesAudiences, type AudienceLicensee } from './audiences';
import type { ContractTerms } from './signing-writer';

export type SubjectRequest = { subjectId: string; policyId: string };

/** The licensee's side of every contract signed in one call. */
export type LicenseeParty = Pick<
  ContractTerms,
  'licenseeId' | 'licenseeName' | 'licenseeOwnerId' | 'licenseeOwnerName' | 'licenseeIdentityType'
> &
  AudienceLicensee;

/** The user acting for a licensee, as the audiences and the contract see them. */
export type LicenseeOwner = AudienceLicensee['owner'] & { username: string };

function licenseeParty(
  identityType: number,
  owner: LicenseeOwner,
  licensee: { licenseeId: string; licenseeName: string },
): LicenseeParty {
  return {
    ...licensee,
    licenseeOwnerId: owner.userId,
    licenseeOwnerName: owner.username,
    licenseeIdentityType: identityType,
    identityType,
    owner,
  };
}

/** Licensee identity 1: a resource acting through `owner`. */
export const resourceLicensee = (owner: LicenseeOwner, licensee: { licenseeId: string; licenseeName: string }) =>
  licenseeParty(ContractPartyIdentityType.Resource, owner, licensee);

/** Licensee identity 2: a node acting through its owner. */
export const nodeLicensee = (owner: LicenseeOwner, node: { nodeId: number; nodeName: string }) =>
  licenseeParty(ContractPartyIdentityType.Node, owner, {
    licenseeId: String(node.nodeId),
    licenseeName: node.nodeName,
  });

/** Licensee identity 3: the consumer, who is the user themself. */
export const consumerLicensee = (user: LicenseeOwner) =>
  licenseeParty(ContractPartyIdentityType.Consumer, user, {
    licenseeId: String(user.userId),
    licenseeName: user.username,
  });

/** `payeeAccountId`: the licensor owner's individual account, bound to `self.account` ('' when not looked up). */
export type CheckedSigning = { terms: ContractTerms; fsm: PolicyFsm; payeeAccountId?: string };

/**
 * Whether an offline subject may still be signed for this policy: never when signing directly; by
 * the versions module when the licensee already holds a live contract for it (it is answered).
 */
export type OfflineAllowance = (request: SubjectRequest) => Promise<boolean>;

export const refuseOffline: OfflineAllowance = () => Promise.resolve(false);

type SubjectSources = { resources: ResourceQueries; policies: PolicyCatalog };

export function refusal(messageKey: string, request: SubjectRequest, params: Record<string, string> = {}): AppError {
  return new AppError(ErrCode.Business, `contracts.sign.${messageKey}`, { ...request }, { ...request, ...params });
}

/** The policy's state machine as the domain runs it (the wire form is the compiled form). */
export function fsmOf(policy: PolicyWire): PolicyFsm {
  return policy.fsmDescriptionInfo as unknown as PolicyFsm;
}

/** The terms of each request, in the order asked; throws the first refusal. */
export async function checkResourceSubjects(
  { resources, policies }: SubjectSources,
  callerId: number,
  requests: readonly SubjectRequest[],
  licensee: LicenseeParty,
  offlineAllowed: OfflineAllowance,
): Promise<CheckedSigning[]> {
  const subjectIds = [...new Set(requests.map((request) => request.subjectId))];
  const rows = new Map((await resources.rowsByIds(subjectIds)).map((row) => [row.resourceId, row]));
  const bindings = await resources.bindingsOf(subjectIds);
  const wires = await policies.wiresOf([...new Set(requests.map((request) => request.policyId))], {
    isTranslate: false,
    language: DEFAULT_LANGUAGE,
  });
  const checked: CheckedSigning[] = [];
  for (const request of requests) {
    const subject = rows.get(request.subjectId);
    if (!subject || !isVisibleTo(subject, callerId)) throw refusal('subjectNotFound', request);
    const names = { subjectName: subject.resourceName };
    if (subject.resourceId === licensee.licenseeId) throw refusal('selfSigning', request, names);
    if (subject.isFrozen) throw refusal('subjectFrozen', request, names);
    const binding = bindings.get(subject.resourceId)?.find((row) => row.policyId === request.policyId);
    const policy = wires.get(request.policyId);
    if (!binding || !policy) throw refusal('policyNotBound', request, names);
    const named = { ...names, policyName: binding.policyName };
    if (binding.status !== 1) throw refusal('policyDisabled', request, named);
    if (!licenseeMatchesAudiences(policy.fsmDeclarationInfo.audiences, licensee))
      throw refusal('audienceMismatch', request, named);
    if (subject.status !== StoredStatus.Online && !(await offlineAllowed(request)))
      throw refusal('subjectOffline', request, names);
    checked.push({ terms: resourceTerms(subject, binding, licensee), fsm: fsmOf(policy) });
  }
  return checked;
}

/** The licensor is the subject resource itself, acting through its owner. */
function resourceTerms(
  subject: ResourceRow,
  binding: { policyId: string; policyName: string },
  licensee: LicenseeParty,
): ContractTerms {
  return {
    contractName: binding.policyName,
    subjectId: subject.resourceId,
    subjectName: subject.resourceName,
    subjectType: SubjectType.Resource,
    licensorId: subject.resourceId,
    licensorName: subject.resourceName,
    licensorOwnerId: subject.userId,
    licensorOwnerName: subject.username,
    licenseeId: licensee.licenseeId,
    licenseeName: licensee.licenseeName,
    licenseeOwnerId: licensee.licenseeOwnerId,
    licenseeOwnerName: licensee.licenseeOwnerName,
    licenseeIdentityType: licensee.licenseeIdentityType,
    policyId: binding.policyId,
    isDefault: 0,
  };
}
