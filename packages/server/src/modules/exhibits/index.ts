// Public surface of the exhibits module (DOMAIN §2.17, §2.18, §3.4, §3.5): a node's exhibits of
// resources, their node contracts, policies, frozen trees and online status.
import { defineModule } from '../../platform/modules';
import { exhibitsTables } from './migrations/0017_exhibits';

export type { PresentablePoliciesTable, PresentablesTable, PresentableVersionsTable } from './tables';

export const exhibitsModule = defineModule({
  name: 'exhibits',
  services: () => ({}),
  migrations: { '0017_exhibits': exhibitsTables },
});
