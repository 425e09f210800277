// Public surface of the policies module (DOMAIN §2.12, §4): what subjects that bind policies use.
export {
  decodePolicyText,
  PolicyService,
  type CompiledPolicyRecord,
  type PolicyCatalog,
  type PolicyReadOptions,
  type PolicyTextInput,
  type PolicyTextSource,
} from './service';
export { PolicyRepo } from './repo';
export { registerPolicyRoutes } from './routes';
