import { Suspense } from 'react';
import { useOpenedOnce } from '../../shared/ui/use-opened-once';
import { lazyPart } from '../../shared/ui/lazy-part';
import { useContractAddress } from './contract-address';

// The drawer, its policy view and payment dialog are loaded when a contract is first opened, not with
// every page that can open one (resource details shows the drawer's link, rarely the drawer).
const ContractDrawer = lazyPart(
  () => import('./drawer/ContractDrawer'),
  (module) => module.ContractDrawer,
);

/** The drawer of the contract named by `?contractId=` in the address; closing it removes the parameter. */
export function AddressContractDrawer() {
  const { contractId, close } = useContractAddress();
  if (!useOpenedOnce(contractId !== '')) return null;
  return (
    <Suspense fallback={null}>
      <ContractDrawer contractId={contractId} onClose={close} />
    </Suspense>
  );
}
