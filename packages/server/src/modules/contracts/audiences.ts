// Who may sign a policy (DOMAIN §4.3): the policy's audiences against the licensee and its owner.
// Enforcement is ours; the reference stores audiences without enforcing them.
import { ContractPartyIdentityType } from '@tessera/domain';

export type PolicyAudience = { name: string; type: string };

/** The licensee as the audiences see it: its identity type and the user acting for it. */
export type AudienceLicensee = {
  identityType: number;
  owner: { userId: number; mobile: string; email: string };
};

function matchesAudience({ name, type }: PolicyAudience, { identityType, owner }: AudienceLicensee): boolean {
  switch (type) {
    case 'public':
    case 'registeredUsers':
      return true;
    case 'nodes':
      return identityType === ContractPartyIdentityType.Node;
    case 'userId':
      return name === String(owner.userId);
    case 'mobile':
      return owner.mobile !== '' && name === owner.mobile;
    case 'email':
      return owner.email !== '' && name.toLowerCase() === owner.email.toLowerCase();
    default:
      return false;
  }
}

/** Matching any one audience is enough; a policy without a known audience admits nobody. */
export function licenseeMatchesAudiences(audiences: readonly PolicyAudience[], licensee: AudienceLicensee): boolean {
  return audiences.some((audience) => matchesAudience(audience, licensee));
}
