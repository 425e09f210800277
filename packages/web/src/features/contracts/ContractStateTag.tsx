import { Tag } from 'antd';
import { contractDisplayState, type ContractDisplayState } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import type { Contract } from './contracts-api';

const COLOURS: Record<ContractDisplayState, string> = {
  active: 'green',
  testActive: 'blue',
  inactive: 'gold',
  terminal: 'default',
  exception: 'red',
};

/** The contract's display state of SPEC §4 as a coloured tag ("Authorized", "Not authorized" …). */
export function ContractStateTag({ contract }: { contract: Pick<Contract, 'status' | 'authStatus'> }) {
  const t = useT();
  const state = contractDisplayState(contract.status, contract.authStatus);
  return (
    <Tag color={COLOURS[state]} data-testid="contract-state" data-state={state}>
      {t(`contracts.display.${state}`)}
    </Tag>
  );
}
