// Public surface of the policies module (DOMAIN §2.12, §4): policy texts compiled by the domain's
// compiler, stored once per text and subject type, read and translated. Subjects that bind policies
// (resources now; exhibits, contracts and test nodes next) use the PolicyCatalog port.
import { defineModule } from '../../platform/modules';
import { PolicyRepo } from './repo';
import { registerPolicyRoutes } from './routes';
import { PolicyService, type PolicyTextSource } from './service';

export {
  decodePolicyText,
  type CompiledPolicyRecord,
  type PolicyCatalog,
  type PolicyReadOptions,
  type PolicyService,
  type PolicyTextInput,
  type PolicyTextSource,
} from './service';
export type { PoliciesTable } from './tables';

export const policiesModule = defineModule({
  name: 'policies',
  services: ({ db, clock, config }, { i18n }: { i18n: PolicyTextSource }) => ({
    policies: new PolicyService({ repo: new PolicyRepo(db), clock, config, texts: i18n }),
  }),
  routes: (app, { policies }) => registerPolicyRoutes(app, policies),
});
