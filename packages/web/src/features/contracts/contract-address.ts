import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** The query parameter that names the contract whose drawer is open, on any page that shows one. */
export const CONTRACT_ID_PARAM = 'contractId';

/**
 * The open contract drawer lives in the address (`?contractId=`), so a contract can be linked and the
 * browser's Back closes the drawer. `hrefOf` is the current address with the drawer open on a contract.
 */
export function useContractAddress() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const contractId = params.get(CONTRACT_ID_PARAM) ?? '';

  const hrefOf = (id: string) => {
    const next = new URLSearchParams(params);
    next.set(CONTRACT_ID_PARAM, id);
    return `${pathname}?${next}`;
  };

  const close = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(CONTRACT_ID_PARAM);
        return next;
      }),
    [setParams],
  );

  return { contractId, hrefOf, close };
}
